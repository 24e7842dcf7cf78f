import contentDisposition from 'content-disposition';
import type { NextApiRequest, NextApiResponse } from 'next';
import { rangeHeaders } from 'http-range-headers';

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const name = String(req.query.name ?? 'export');
  // ruleid: HEADER_INJECTION
  res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
  const safe = name.replace(/[^\w-]/g, '_');
  // ok: HEADER_INJECTION
  res.setHeader('Content-Disposition', `attachment; filename="${safe}.csv"`);
  // ok: HEADER_INJECTION
  res.setHeader('Content-Type', 'text/csv');
  res.send('a,b\n');
}

export function downloadHandler(req: NextApiRequest, res: NextApiResponse) {
  // ok: HEADER_INJECTION
  res.setHeader('Content-Disposition', contentDisposition(`${req.query.name}.pdf`, { type: 'attachment' }));
  res.end();
}

export function rateLimited(req: NextApiRequest, res: NextApiResponse) {
  const bucket = `${req.query.bucket}`;
  // ok: HEADER_INJECTION
  res.setHeader('RateLimit-Policy', bucket);
  // ruleid: HEADER_INJECTION
  res.setHeader('Content-Type', `${req.query.format}; charset=utf-8`);
  res.end();
}

// GET /api/files/[name]?download=report — a Fetch API response of an App Router route.
export async function GET(request: Request, { params }: { params: { name: string } }) {
  const url = new URL(request.url);
  const download = url.searchParams.get('download') ?? params.name;
  if (url.searchParams.has('inline')) {
    // ruleid: HEADER_INJECTION
    return new Response('a,b\n', { headers: { 'Content-Disposition': `attachment; filename="${download}.csv"` } });
  }
  // A range parser the analysis cannot see answers with numeric Content-Range/Content-Length headers.
  const range = rangeHeaders({ rangeHeader: request.headers.get('range'), size: 4096 });
  // ok: HEADER_INJECTION
  return new Response(null, { headers: new Headers(range.headers), status: range.status });
}
