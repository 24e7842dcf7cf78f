export function newSessionToken(): string {
  // ruleid: WEAK_RANDOM
  return Math.random().toString(36).slice(2);
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

export const resetLink = {
  // ruleid: WEAK_RANDOM
  code: Math.floor(Math.random() * 1_000_000).toString().padStart(6, '0'),
};

export function paletteIndex(): number {
  // ok: WEAK_RANDOM
  const colorKey = Math.floor(Math.random() * 5);
  return colorKey;
}
