'use client';

import { useSearchParams } from 'next/navigation';

// A client component: the test request of the form is sent by the user's browser, not by the server.
export default function WebhookTestForm() {
  const searchParams = useSearchParams();
  const endpoint = searchParams.get('endpoint') ?? '';

  const sendTest = async () => {
    // ok: SSRF
    const response = await fetch(endpoint, { method: 'POST', body: JSON.stringify({ test: true }) });
    return response.ok;
  };

  return (
    <button type="button" onClick={sendTest}>
      Send a test event
    </button>
  );
}
