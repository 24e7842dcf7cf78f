import { NextRequest, NextResponse } from 'next/server';
import { previewDocument } from '../../../lib/html';

export async function GET(request: NextRequest) {
  const title = request.nextUrl.searchParams.get('title') ?? '';
  // ruleid: XSS
  return new NextResponse(previewDocument(title), { headers: { 'content-type': 'text/html' } });
}

export async function POST(request: NextRequest) {
  const { title } = await request.json();
  // ok: XSS
  return NextResponse.json({ title });
}

export async function PUT(request: Request) {
  const form = await request.formData();
  // ruleid: XSS
  return new Response(`<p>Saved ${form.get('title')}</p>`, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
