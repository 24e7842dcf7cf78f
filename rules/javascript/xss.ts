import { Controller, Get, Header, Query } from '@nestjs/common';
import { NextRequest } from 'next/server';
import DOMPurify from 'dompurify';

@Controller('widgets')
export class WidgetsController {
  @Get('badge')
  @Header('Content-Type', 'text/html')
  badge(@Query('label') label: string) {
    // ruleid: XSS
    return `<span class="badge">${label}</span>`;
  }

  @Get('badge.json')
  badgeJson(@Query('label') label: string) {
    // ok: XSS
    return { label };
  }
}

export async function GET(request: NextRequest) {
  const q = request.nextUrl.searchParams.get('q') ?? '';
  if (q.length > 100) {
    // ok: XSS
    return new Response(`query too long: ${q}`, { headers: { 'Content-Type': 'text/plain' } });
  }
  // ruleid: XSS
  return new Response(`<p>${q}</p>`, { headers: { 'Content-Type': 'text/html' } });
}

export function renderNote(target: HTMLElement): void {
  const note = new URLSearchParams(location.hash.slice(1)).get('note') ?? '';
  // ok: XSS
  target.innerHTML = DOMPurify.sanitize(note);
  const link = document.createElement('a');
  // ruleid: XSS
  link.href = note;
  const url = new URL(note, location.origin);
  if (url.protocol === 'https:') {
    // ok: XSS
    link.href = url.href;
  }
  target.append(link);
}

export function tabLinks(tab: string, el: HTMLImageElement): void {
  const chosen = new URLSearchParams(location.search).get('tab') ?? tab;
  const a = document.createElement('a');
  // ok: XSS
  a.href = '/tabs/' + chosen;
  // ok: XSS
  el.src = `https://cdn.example.com/${chosen}.png`;
  // ruleid: XSS
  a.href = chosen + '.html';
}

// The page's own scheme first: the address is http(s) whatever host and path follow (which may still send
// the visitor elsewhere: an open redirect, not script).
export function switchRegion(): void {
  const host = new URLSearchParams(location.search).get('domain') ?? '';
  // ruleid: OPEN_REDIRECT
  // ok: XSS
  window.location.href = `${window.location.protocol}//${host}${location.pathname}`;
  // ruleid: OPEN_REDIRECT
  // ok: XSS
  location.assign(location.protocol + '//' + host);
  // ruleid: XSS, OPEN_REDIRECT
  window.location.href = `${host}${location.pathname}`;
}
