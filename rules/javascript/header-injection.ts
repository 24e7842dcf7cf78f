import contentDisposition from 'content-disposition';
import type { NextApiRequest, NextApiResponse } from 'next';

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
