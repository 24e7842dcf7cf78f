import { NextResponse } from 'next/server';

export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const response = NextResponse.json({ name });
  // ruleid: HEADER_INJECTION
  response.headers.set('Content-Disposition', `attachment; filename="${name}"`);
  // ok: HEADER_INJECTION
  response.headers.set('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"`);
  response.headers.set('Access-Control-Allow-Credentials', 'true');
  // ruleid: CORS_MISCONFIGURATION
  response.headers.set('Access-Control-Allow-Origin', request.headers.get('origin') ?? '');
  return response;
}

export async function DELETE(request: Request) {
  const next = new URL(request.url).searchParams.get('next');
  // ruleid: OPEN_REDIRECT
  return NextResponse.redirect(next!);
}

export async function PATCH(request: Request) {
  // ok: OPEN_REDIRECT
  return NextResponse.redirect(new URL('/files', request.url));
}
