// Next.js middleware: the request's own URL as the base of another keeps the browser on the site it asked for.
import { NextRequest, NextResponse } from "next/server";

import { lookupDomainTarget } from "@/lib/domains";

const SIGN_IN = "/sign-in";

function tidyNextPath(next: string | null): string {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return "/";
  return next;
}

export async function guardApp(req: NextRequest, signedIn: boolean) {
  const url = req.nextUrl;
  if (!signedIn) {
    const signIn = new URL(SIGN_IN, req.url);
    signIn.searchParams.set("next", url.pathname);
    // ok: OPEN_REDIRECT
    return NextResponse.redirect(signIn);
  }
  if (url.pathname === SIGN_IN) {
    const wanted = tidyNextPath(url.searchParams.get("next"));
    // ok: OPEN_REDIRECT
    return NextResponse.redirect(new URL(wanted, req.url));
  }
  // ok: OPEN_REDIRECT
  return NextResponse.redirect(new URL("https://www.example.com", req.url));
}

export async function domainHome(req: NextRequest) {
  const configured = await lookupDomainTarget(req.headers.get("host"));
  if (configured) {
    // ok: OPEN_REDIRECT
    return NextResponse.redirect(new URL(configured, req.url), { status: 302 });
  }
  return NextResponse.next();
}

// The path a request names as the target: `//evil.example` replaces the host of the base.
export async function bounce(req: NextRequest) {
  const to = req.nextUrl.searchParams.get("to") ?? "/";
  // ruleid: OPEN_REDIRECT
  return NextResponse.redirect(new URL(to, req.url));
}

// A base the request itself chooses is the attacker's origin.
export async function proxyBack(req: NextRequest) {
  const base = req.nextUrl.searchParams.get("base") ?? req.url;
  // ruleid: OPEN_REDIRECT
  return NextResponse.redirect(new URL(SIGN_IN, base));
}
