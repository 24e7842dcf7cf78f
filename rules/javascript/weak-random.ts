import type { Request, Response } from 'express';
import crypto, { randomInt } from 'node:crypto';

interface Account {
  email: string;
  resetToken?: string;
  password?: string;
  save(): Promise<void>;
}

declare const Users: { create(data: Record<string, unknown>): Promise<Account> };
declare function sendMail(to: string, body: string): Promise<void>;

function randomCode(length: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  // ruleid: WEAK_RANDOM
  for (let i = 0; i < length; i++) out += letters.charAt(Math.floor(Math.random() * letters.length));
  return out;
}

export async function requestReset(account: Account): Promise<void> {
  account.resetToken = randomCode(32);
  await account.save();
  await sendMail(account.email, `https://example.com/reset?token=${account.resetToken}`);
}

export async function invite(email: string): Promise<Account> {
  // ruleid: WEAK_RANDOM
  const initial = Math.random().toString(36).slice(2);
  return Users.create({ email, password: initial });
}

export function login(req: Request, res: Response): void {
  // ruleid: WEAK_RANDOM
  res.cookie('sid', Math.random().toString(36).slice(2), { httpOnly: true, secure: true });
  // ruleid: WEAK_RANDOM
  req.session.csrf = String(Math.floor(Math.random() * 1e9));
  res.end();
}

export function backoff(attempt: number): number {
  // ok: WEAK_RANDOM
  const jitter = Math.random() * 100;
  return 2 ** attempt * 50 + jitter;
}

export function assignVariant(): 'control' | 'test' {
  // ok: WEAK_RANDOM
  return Math.random() < 0.5 ? 'control' : 'test';
}

// An OAuth 1.0a nonce: sent once in a signed outbound request, never stored or handed out.
export async function signedFetch(url: string, sign: (params: Record<string, string>) => string): Promise<unknown> {
  const params: Record<string, string> = { oauth_nonce: randomCode(30), oauth_timestamp: String(Date.now()) };
  const header = `OAuth oauth_nonce="${params.oauth_nonce}", oauth_signature="${sign(params)}"`;
  // ok: WEAK_RANDOM
  return fetch(url, { headers: { Authorization: header } });
}

export function paletteIndex(palette: { colorKey: number }): void {
  // ok: WEAK_RANDOM
  palette.colorKey = Math.floor(Math.random() * 5);
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// An entry picked from a table by a weak random index is as guessable as the index.
export function inviteCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) {
    // ruleid: WEAK_RANDOM
    code += INVITE_ALPHABET[Math.floor(Math.random() * INVITE_ALPHABET.length)];
  }
  return code;
}

export function tileColour(colours: string[]): string {
  // ok: WEAK_RANDOM
  return colours[Math.floor(Math.random() * colours.length)];
}

// A weak number that only sizes what a cryptographic generator draws: every character still comes from it.
export function generateRandomPassword(): string {
  // ok: WEAK_RANDOM
  const length = Math.floor(Math.random() * 41) + 24;
  return [...crypto.randomBytes(length)].map((byte) => String.fromCharCode((byte % 93) + 33)).join('');
}

export function oneTimeCode(): string {
  // ok: WEAK_RANDOM
  const digits = 4 + Math.floor(Math.random() * 3);
  return String(randomInt(10 ** (digits - 1), 10 ** digits));
}

// The same length, with the characters drawn by Math.random as well.
export function temporaryPassword(): string {
  // ok: WEAK_RANDOM
  const length = Math.floor(Math.random() * 8) + 16;
  let out = '';
  // ruleid: WEAK_RANDOM
  for (let i = 0; i < length; i++) out += String.fromCharCode(33 + Math.floor(Math.random() * 93));
  return out;
}

// A parser's tokens (markdown-it, a lexer) are pieces of text: a function that makes an element id or a key
// *for* a token returns that id, not a token. One that makes a token for a user still returns a secret.
interface ParsedNode { lines?: [number, number] }
export function anchorIdForToken(node: ParsedNode): string {
  if (node.lines) return `item-${node.lines[0]}`;
  // ok: WEAK_RANDOM
  return `item-${Math.floor(Math.random() * 100000)}`;
}

export function keyOfToken(): string {
  // ok: WEAK_RANDOM
  return `tok-${Math.random().toString(36).slice(2)}`;
}

export function makeTokenForUser(userId: string): string {
  // ruleid: WEAK_RANDOM
  return `${userId}.${Math.random().toString(36).slice(2)}`;
}
