// What every page of the dashboard uses: element building, the API call with the
// session's CSRF token, formatting and in-app navigation.

export type Json = Record<string, any>;

/** The session's CSRF token, sent with every request that changes something. */
export const auth = { csrfToken: '' };
export const main = document.getElementById('main')!;
export const nav = document.getElementById('nav')!;

export function h(tag: string, attrs: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: (Node | string | null | undefined)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else if (value !== false) el.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function api(method: string, url: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = auth.csrfToken;
  const response = await fetch(`/dashboard/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const data = (await response.json().catch(() => ({}))) as Json;
  if (response.status === 401 && url !== '/signin') {
    location.assign(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  if (!response.ok) throw new HttpError(response.status, data.error?.message ?? data.message ?? `HTTP ${response.status}`);
  return data;
}

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
export const duration = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

export function severityBadges(counts: Record<string, number> | null): HTMLElement {
  const span = h('span');
  if (!counts) return span;
  for (const s of SEVERITIES) if (counts[s]) span.append(h('span', { class: `badge sev-${s}`, title: s }, `${counts[s]} ${s}`));
  return span;
}

export function link(href: string, text: string, attrs: Record<string, string> = {}): HTMLElement {
  return h('a', { href, ...attrs, onclick: (e: Event) => { e.preventDefault(); go(href); } }, text);
}

let renderer: () => Promise<void> = async () => undefined;
/** The function that draws the page for the current address (main.ts). */
export function onNavigate(render: () => Promise<void>): void {
  renderer = render;
}

export function go(href: string): void {
  history.pushState(null, '', href);
  void renderer();
}

export function setPage(title: string, ...content: (Node | string)[]): void {
  document.title = `${title} · Scanner`;
  main.replaceChildren(h('h1', {}, title), ...content);
}
