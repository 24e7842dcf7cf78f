// Times are stored as ISO strings (UTC), which sort and compare the same in both databases.
export const now = (): string => new Date().toISOString();

/** Billing period: the calendar month (UTC) a time falls in, e.g. "2026-11". */
export function periodOf(iso: string): string {
  return iso.slice(0, 7);
}

export function periodBounds(period: string): { start: string; end: string } {
  const [year, month] = period.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
    end: new Date(Date.UTC(year, month, 1)).toISOString(),
  };
}
