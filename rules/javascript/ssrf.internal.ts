// Next.js API routes that only the deployment's own jobs can call: the request must carry a secret from the
// server's environment (an internal API key, a cron or revalidation secret). What such a caller sends is the
// operator's, like an administrator's input; a route any signed-in user reaches is not.
import type { NextApiRequest, NextApiResponse } from "next";
import { getServerSession } from "next-auth/next";

import { authOptions } from "@/lib/auth";

export default async function convertPage(req: NextApiRequest, res: NextApiResponse) {
  const token = req.headers.authorization?.split(" ")[1];
  if (token !== process.env.INTERNAL_API_KEY) {
    res.status(401).json({ message: "Unauthorized" });
    return;
  }
  const { url, pageNumber } = req.body as { url: string; pageNumber: number };
  // ok: SSRF
  const response = await fetch(url);
  // ok: LOG_INJECTION
  console.log(`converted page ${pageNumber} of ${url}`);
  res.status(200).json({ size: (await response.arrayBuffer()).byteLength });
}

export async function revalidate(req: NextApiRequest, res: NextApiResponse) {
  if (req.query.secret !== process.env.REVALIDATE_TOKEN) {
    return res.status(401).json({ message: "Invalid token" });
  }
  const { linkId } = req.query as { linkId: string };
  // ok: LOG_INJECTION
  console.log("revalidating", `/view/${linkId}`);
  await res.revalidate(`/view/${linkId}`);
  return res.json({ revalidated: true });
}

export async function cronSync(req: NextApiRequest, res: NextApiResponse) {
  if (req.headers.authorization !== `Bearer ${process.env.CRON_SECRET}`) {
    return res.status(401).end();
  }
  // ok: SSRF
  await fetch(String(req.query.callback));
  return res.status(204).end();
}

// A signed-in user's request: the session is anyone's who signed up.
export async function importFromUrl(req: NextApiRequest, res: NextApiResponse) {
  const session = await getServerSession(req, res, authOptions);
  if (!session) {
    return res.status(401).end();
  }
  // ruleid: SSRF
  const response = await fetch(req.body.url);
  return res.status(200).json({ ok: response.ok });
}

// A key the browser bundle carries (`NEXT_PUBLIC_…`) is public: comparing with it proves nothing.
export async function widgetFetch(req: NextApiRequest, res: NextApiResponse) {
  if (req.query.key !== process.env.NEXT_PUBLIC_WIDGET_KEY) {
    return res.status(401).end();
  }
  // ruleid: SSRF
  const response = await fetch(String(req.query.src));
  return res.status(200).json({ ok: response.ok });
}

// Logged but let through: no check.
export async function ping(req: NextApiRequest, res: NextApiResponse) {
  if (req.query.secret !== process.env.PING_SECRET) {
    console.warn("ping without the secret");
  }
  // ruleid: SSRF
  await fetch(String(req.query.target));
  return res.status(204).end();
}
