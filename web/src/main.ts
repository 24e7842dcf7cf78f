// The dashboard single-page app: plain DOM, Pico CSS, talks only to /dashboard/api.
import './style.css';
import { renderMarkdown } from './markdown.ts';

type Json = Record<string, any>;

let csrfToken = '';
const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;

function h(tag: string, attrs: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: (Node | string | null | undefined)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else if (value !== false) el.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function api(method: string, url: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(`/dashboard/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const data = (await response.json().catch(() => ({}))) as Json;
  if (response.status === 401 && url !== '/signin') {
    location.assign(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  if (!response.ok) throw new HttpError(response.status, data.error?.message ?? data.message ?? `HTTP ${response.status}`);
  return data;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const duration = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

function severityBadges(counts: Record<string, number> | null): HTMLElement {
  const span = h('span');
  if (!counts) return span;
  for (const s of SEVERITIES) if (counts[s]) span.append(h('span', { class: `badge sev-${s}`, title: s }, `${counts[s]} ${s}`));
  return span;
}

function link(href: string, text: string, attrs: Record<string, string> = {}): HTMLElement {
  return h('a', { href, ...attrs, onclick: (e: Event) => { e.preventDefault(); go(href); } }, text);
}

function go(href: string): void {
  history.pushState(null, '', href);
  void render();
}
window.addEventListener('popstate', () => void render());

function setPage(title: string, ...content: (Node | string)[]): void {
  document.title = `${title} · Scanner`;
  main.replaceChildren(h('h1', {}, title), ...content);
}

function drawNav(email: string | null, role?: string): void {
  const items = email
    ? [
        ['/scans', 'Scans'],
        ['/keys', 'API keys'],
        ['/usage', 'Usage'],
        ...(role === 'admin' ? [['/users', 'Users']] : []),
        ['/account', 'Account'],
      ]
    : [];
  const here = location.pathname;
  nav.replaceChildren(
    h('ul', {}, h('li', {}, h('strong', {}, 'Scanner'))),
    h(
      'ul',
      {},
      ...items.map(([href, text]) => h('li', {}, link(href, text, here.startsWith(href) ? { 'aria-current': 'page' } : {}))),
      email
        ? h('li', {}, h('button', { class: 'secondary outline', type: 'button', title: `Signed in as ${email}`, onclick: () => void signOut() }, 'Sign out'))
        : null,
    ),
  );
}

async function signOut(): Promise<void> {
  await api('POST', '/signout');
  csrfToken = '';
  location.assign('/signin');
}

function signInPage(): void {
  drawNav(null);
  const error = h('p', { role: 'alert', class: 'sev-high' });
  const form = h(
    'form',
    {},
    h('label', { for: 'email' }, 'Email', h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'username', required: true })),
    h('label', { for: 'password' }, 'Password', h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true })),
    error,
    h('button', { type: 'submit' }, 'Sign in'),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      const answer = await api('POST', '/signin', { email: data.get('email'), password: data.get('password') });
      csrfToken = answer.csrfToken;
      const next = new URLSearchParams(location.search).get('next');
      go(next && next.startsWith('/') && !next.startsWith('//') ? next : '/scans');
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  setPage('Sign in', h('article', {}, form));
}

async function keysPage(): Promise<void> {
  const { keys } = await api('GET', '/keys');
  const created = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'grid' },
    h('label', { for: 'key-name' }, 'Key name', h('input', { id: 'key-name', name: 'name', required: true, maxlength: '100', placeholder: 'ci-pipeline' })),
    h('div', {}, h('button', { type: 'submit' }, 'Create key')),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const answer = await api('POST', '/keys', { name: new FormData(form).get('name') });
    const secret = h('code', { class: 'secret', id: 'new-key' }, answer.key);
    const copy = h('button', { type: 'button', class: 'secondary', onclick: () => void navigator.clipboard?.writeText(answer.key).then(() => (copy.textContent = 'Copied')) }, 'Copy');
    const done = h('button', { type: 'button', onclick: () => void keysPage() }, 'Done, I saved it');
    created.replaceChildren(h('article', {}, h('header', {}, h('strong', {}, `Key "${answer.name}" created. `), 'It is shown only this once.'), h('p', {}, secret), h('footer', {}, copy, ' ', done)));
  });
  const dialog = h('dialog', {}) as HTMLDialogElement;
  const rows = (keys as Json[]).map((k) =>
    h(
      'tr',
      {},
      h('td', {}, k.name),
      h('td', {}, h('code', {}, `${k.prefix}…`)),
      h('td', {}, when(k.createdAt)),
      h('td', {}, when(k.lastUsedAt)),
      h(
        'td',
        {},
        k.revokedAt
          ? `revoked ${when(k.revokedAt)}`
          : k.canRevoke
            ? h('button', { type: 'button', class: 'secondary outline', 'aria-label': `Revoke ${k.name}`, onclick: () => confirmRevoke(dialog, k) }, 'Revoke')
            : h('small', { title: 'Only an admin or the user who created it may revoke this key.' }, 'not yours'),
      ),
    ),
  );
  setPage(
    'API keys',
    form,
    created,
    h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {}, ...['Name', 'Prefix', 'Created', 'Last used', ''].map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, ...rows))),
    dialog,
  );
}

function confirmRevoke(dialog: HTMLDialogElement, key: Json): void {
  dialog.replaceChildren(
    h(
      'article',
      {},
      h('h2', {}, `Revoke "${key.name}"?`),
      h('p', {}, 'Programs using this key will get 401 at once. This cannot be undone.'),
      h(
        'footer',
        {},
        h('button', { type: 'button', class: 'secondary', onclick: () => dialog.close() }, 'Cancel'),
        ' ',
        h('button', { type: 'button', onclick: async () => { await api('DELETE', `/keys/${key.id}`); dialog.close(); await keysPage(); } }, 'Revoke key'),
      ),
    ),
  );
  dialog.showModal();
}

async function usersPage(): Promise<void> {
  const { users } = await api('GET', '/users');
  const added = h('div', { 'aria-live': 'polite' });
  const error = h('p', { role: 'alert', class: 'sev-high' });
  const roleSelect = (id: string, value: string) =>
    h('select', { id, name: 'role' }, ...['member', 'admin'].map((r) => h('option', { value: r, selected: r === value }, r)));
  const form = h(
    'form',
    { class: 'grid' },
    h('label', { for: 'user-email' }, 'Email', h('input', { id: 'user-email', name: 'email', type: 'email', required: true })),
    h('label', { for: 'user-role' }, 'Role', roleSelect('user-role', 'member')),
    h('div', {}, h('button', { type: 'submit' }, 'Add user')),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      const answer = await api('POST', '/users', { email: data.get('email'), role: data.get('role') });
      const done = h('button', { type: 'button', onclick: () => void usersPage() }, 'Done');
      added.replaceChildren(
        h('article', {}, h('header', {}, h('strong', {}, `${answer.email} added as ${answer.role}. `), 'Hand over this password; it is shown only this once.'), h('p', {}, h('code', { class: 'secret', id: 'new-password' }, answer.password)), h('footer', {}, done)),
      );
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  const rows = (users as Json[]).map((u) => {
    const select = roleSelect(`role-${u.id}`, u.role);
    select.setAttribute('aria-label', `Role of ${u.email}`);
    select.addEventListener('change', async () => {
      try {
        await api('PATCH', `/users/${u.id}`, { role: (select as HTMLSelectElement).value });
        error.textContent = '';
      } catch (err) {
        error.textContent = (err as Error).message;
        (select as HTMLSelectElement).value = u.role;
      }
    });
    const reset = h('button', {
      type: 'button',
      class: 'secondary outline',
      'aria-label': `Reset password of ${u.email}`,
      onclick: async () => {
        if (!confirm(`Give ${u.email} a new password? They are signed out everywhere.`)) return;
        try {
          const answer = await api('POST', `/users/${u.id}/password`);
          const done = h('button', { type: 'button', onclick: () => void usersPage() }, 'Done');
          added.replaceChildren(
            h('article', {}, h('header', {}, h('strong', {}, `New password for ${answer.email}. `), 'Hand it over; it is shown only this once.'), h('p', {}, h('code', { class: 'secret', id: 'new-password' }, answer.password)), h('footer', {}, done)),
          );
          error.textContent = '';
        } catch (err) {
          error.textContent = (err as Error).message;
        }
      },
    }, 'Reset password');
    const toggle = h('button', {
      type: 'button',
      class: 'secondary outline',
      'aria-label': `${u.disabled ? 'Enable' : 'Disable'} ${u.email}`,
      onclick: async () => {
        if (!u.disabled && !confirm(`Disable ${u.email}? They are signed out and cannot sign in until enabled again.`)) return;
        try {
          await api('PATCH', `/users/${u.id}`, { disabled: !u.disabled });
          await usersPage();
        } catch (err) {
          error.textContent = (err as Error).message;
        }
      },
    }, u.disabled ? 'Enable' : 'Disable');
    return h(
      'tr',
      {},
      h('td', {}, u.email),
      h('td', {}, select),
      h('td', {}, when(u.createdAt)),
      h('td', {}, u.disabled ? h('small', { class: 'sev-high' }, 'disabled ') : h('small', {}, 'enabled '), toggle),
      h('td', {}, reset),
    );
  });
  setPage(
    'Users',
    h('p', {}, 'Admins manage users, roles and every API key. Members start scans, read results and usage, and manage the API keys they created.'),
    form,
    added,
    error,
    h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {}, ...['Email', 'Role', 'Added', 'Sign-in', 'Password'].map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, ...rows))),
  );
}

async function scansPage(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const { scans, nextCursor } = await api('GET', `/scans?${params}`);
  const filter = h(
    'form',
    { class: 'grid', role: 'search' },
    h('label', { for: 'f-status' }, 'Status', h('select', { id: 'f-status', name: 'status' }, ...['', 'queued', 'running', 'completed', 'failed', 'cancelled'].map((s) => h('option', { value: s, selected: params.get('status') === s }, s || 'any')))),
    h('label', { for: 'f-repo' }, 'Repository', h('input', { id: 'f-repo', name: 'repository', value: params.get('repository') ?? '', placeholder: 'owner/name' })),
    h('div', {}, h('button', { type: 'submit', class: 'secondary' }, 'Filter')),
  ) as HTMLFormElement;
  filter.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(filter)) if (v) q.set(k, String(v));
    go(`/scans${q.size ? `?${q}` : ''}`);
  });
  const start = h(
    'form',
    { class: 'grid' },
    h('label', { for: 'repo' }, 'GitHub repository', h('input', { id: 'repo', name: 'repository', required: true, placeholder: 'owner/name' })),
    h('label', { for: 'ref' }, 'Branch, tag or commit (optional)', h('input', { id: 'ref', name: 'ref' })),
    h('div', {}, h('button', { type: 'submit' }, 'Start scan')),
  ) as HTMLFormElement;
  const startError = h('p', { role: 'alert', class: 'sev-high' });
  start.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(start);
    try {
      const answer = await api('POST', '/scans', { repository: data.get('repository'), ref: data.get('ref') || undefined });
      go(`/scans/${answer.id}`);
    } catch (err) {
      startError.textContent = (err as Error).message;
    }
  });
  const rows = (scans as Json[]).map((s) =>
    h(
      'tr',
      {},
      h('td', {}, link(`/scans/${s.id}`, s.repository)),
      h('td', {}, s.kind),
      h('td', {}, s.status),
      h('td', {}, when(s.createdAt)),
      h('td', {}, duration(s.durationMs)),
      h('td', {}, severityBadges(s.findingsBySeverity)),
      h('td', {}, s.billed ? 'yes' : 'no'),
    ),
  );
  setPage(
    'Scans',
    h('details', {}, h('summary', { role: 'button', class: 'outline' }, 'Start a GitHub scan'), start, startError),
    filter,
    h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {}, ...['Repository', 'Kind', 'Status', 'Started', 'Duration', 'Findings', 'Billed'].map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, ...rows))),
    rows.length ? '' : h('p', {}, 'No scans yet.'),
    pager(params, nextCursor),
  );
}

/** Links to the newest scans and to the next older page of the same filter. */
function pager(params: URLSearchParams, nextCursor: string | null): HTMLElement {
  const at = (before: string | null) => {
    const q = new URLSearchParams(params);
    if (before) q.set('before', before);
    else q.delete('before');
    return `/scans${q.size ? `?${q}` : ''}`;
  };
  return h(
    'nav',
    { 'aria-label': 'Pages of scans' },
    h('ul', {}, params.get('before') ? h('li', {}, link(at(null), 'Back to the newest')) : null, nextCursor ? h('li', {}, link(at(nextCursor), 'Older →')) : null),
  );
}

const DISMISSALS: [string, string][] = [
  ['false_positive', 'False positive'],
  ['accepted_risk', 'Accepted risk'],
  ['wont_fix', "Won't fix"],
];

/** Dismiss (with a status and a reason) or reopen a finding; the choice holds for later scans of the repository. */
function triageView(f: Json, scanId: string): HTMLElement {
  const url = `/scans/${scanId}/findings/${encodeURIComponent(f.id)}/dismissal`;
  const error = h('p', { role: 'alert', class: 'sev-high' });
  if (f.dismissal) {
    const label = DISMISSALS.find(([value]) => value === f.dismissal.status)?.[1] ?? f.dismissal.status;
    return h(
      'div',
      { class: 'triage' },
      h('p', {}, h('strong', {}, `Dismissed: ${label}. `), f.dismissal.reason, h('small', {}, ` — ${f.dismissal.by}, ${when(f.dismissal.at)}`)),
      h('button', { type: 'button', class: 'secondary outline', onclick: async () => { await api('DELETE', url); await scanPage(scanId); } }, 'Reopen'),
      error,
    );
  }
  const form = h(
    'form',
    { class: 'grid triage' },
    h('label', {}, 'Dismiss as', h('select', { name: 'status' }, ...DISMISSALS.map(([value, text]) => h('option', { value }, text)))),
    h('label', {}, 'Reason', h('input', { name: 'reason', required: true, maxlength: '2000', placeholder: 'why this needs no fix' })),
    h('div', {}, h('button', { type: 'submit', class: 'secondary' }, 'Dismiss')),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      await api('PUT', url, { status: data.get('status'), reason: data.get('reason') });
      await scanPage(scanId);
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  return h('div', {}, form, error);
}

function findingView(f: Json, scanId: string): HTMLElement {
  const trace = Array.isArray(f.trace) && f.trace.length
    ? h('div', {}, h('h4', {}, 'Taint trace'), h('ol', {}, ...f.trace.map((step: Json) => h('li', {}, `${step.file ?? ''}:${step.line ?? ''} `, h('code', {}, String(step.snippet ?? step.label ?? step.kind ?? ''))))))
    : null;
  const refs = Array.isArray(f.references) && f.references.length
    ? h('div', {}, h('h4', {}, 'References'), h('ul', {}, ...f.references.map((r: string) => h('li', {}, h('a', { href: r, rel: 'noopener noreferrer' }, r)))))
    : null;
  return h(
    'details',
    { class: 'finding' },
    h('summary', {}, h('span', { class: `badge sev-${f.severity}` }, f.severity), `${f.title ?? f.type} — line ${f.line}`, f.dismissal ? h('small', { class: 'dismissed' }, ' · dismissed') : null),
    h('p', {}, f.message ?? ''),
    h('p', {}, `Rule ${f.ruleId ?? ''} · CWE ${(f.cwe ?? []).join(', ')}${f.commit ? ` · commit ${String(f.commit).slice(0, 10)}` : ''}`),
    f.url ? h('p', {}, h('a', { href: f.url, target: '_blank', rel: 'noopener noreferrer' }, `${f.file}:${f.line} on the git host`)) : null,
    f.snippet ? h('pre', {}, h('code', {}, f.snippet)) : null,
    trace,
    f.remediation ? h('div', { class: 'remediation' }, h('h4', {}, 'Remediation'), renderMarkdown(String(f.remediation))) : null,
    refs,
    f.id ? triageView(f, scanId) : null,
  );
}

let openStream: EventSource | null = null;
/** Progress messages seen live, kept when the page re-renders with the final result. */
const liveMessages = new Map<string, string[]>();

async function scanPage(id: string): Promise<void> {
  const { scan, findings } = await api('GET', `/scans/${id}`);
  const status = h('p', { id: 'scan-status', role: 'status', 'aria-live': 'polite' }, `${scan.status}`);
  const progress = h('progress', { id: 'scan-progress', max: '100', value: String(scan.progress), 'aria-label': 'Scan progress' });
  const seen = liveMessages.get(id) ?? [];
  liveMessages.set(id, seen);
  const log = h('ul', { id: 'scan-log' }, ...seen.map((m) => h('li', {}, m)));
  const body = h('div', {});
  const downloads = h(
    'p',
    {},
    'Download: ',
    ...['sarif', 'json', 'md'].flatMap((f) => [h('a', { href: `/dashboard/api/scans/${id}/report.${f}`, download: true, role: 'button', class: 'secondary outline' }, f === 'md' ? 'Markdown' : f.toUpperCase()), ' ']),
  );
  const shown = h('select', { id: 'f-triage', 'aria-label': 'Show findings' }, ...[['open', 'Open'], ['dismissed', 'Dismissed'], ['all', 'All']].map(([value, text]) => h('option', { value }, text))) as HTMLSelectElement;
  // Filters: status (open/dismissed), severity, type and file. The controls are made once,
  // so they keep their values and focus while the list below them is redrawn.
  const severityFilter = h('select', { id: 'f-severity' }, h('option', { value: '' }, 'any severity'), ...SEVERITIES.map((s) => h('option', { value: s }, s))) as HTMLSelectElement;
  const typeFilter = h('select', { id: 'f-type' }) as HTMLSelectElement;
  const fileFilter = h('input', { id: 'f-file', type: 'search', placeholder: 'part of the path' }) as HTMLInputElement;
  const heading = h('h2', {});
  const list = h('div', {});
  body.replaceChildren(heading, h('div', { class: 'grid' }, h('label', {}, 'Show ', shown), h('label', {}, 'Severity', severityFilter), h('label', {}, 'Type', typeFilter), h('label', {}, 'File', fileFilter)), list);
  let current: Json[] = findings;
  for (const control of [shown, severityFilter, typeFilter]) control.addEventListener('change', () => showFindings(current));
  fileFilter.addEventListener('input', () => showFindings(current));
  const showFindings = (all: Json[]) => {
    current = all;
    const chosenType = typeFilter.value;
    const types = [...new Set(all.map((f) => String(f.type)))].sort();
    typeFilter.replaceChildren(h('option', { value: '' }, 'any type'), ...types.map((t) => h('option', { value: t, selected: t === chosenType }, t)));
    const fileText = fileFilter.value.trim().toLowerCase();
    const shownFindings = all.filter(
      (f) =>
        (shown.value === 'all' || (shown.value === 'dismissed') === Boolean(f.dismissal)) &&
        (!severityFilter.value || f.severity === severityFilter.value) &&
        (!typeFilter.value || f.type === typeFilter.value) &&
        (!fileText || String(f.file).toLowerCase().includes(fileText)),
    );
    const bySeverity = new Map<string, Map<string, Json[]>>();
    for (const f of shownFindings) {
      const files = bySeverity.get(f.severity) ?? new Map<string, Json[]>();
      files.set(f.file, [...(files.get(f.file) ?? []), f]);
      bySeverity.set(f.severity, files);
    }
    const dismissed = all.filter((f) => f.dismissal).length;
    heading.textContent = `Findings (${all.length - dismissed} open, ${dismissed} dismissed)`;
    list.replaceChildren();
    for (const s of SEVERITIES) {
      const files = bySeverity.get(s);
      if (!files) continue;
      list.append(h('h3', { class: `sev-${s}` }, s));
      for (const [file, items] of files) list.append(h('section', {}, h('h4', {}, h('code', {}, file)), ...items.map((f) => findingView(f, id))));
    }
    if (all.length > 0 && shownFindings.length === 0) list.append(h('p', {}, 'No findings match these filters.'));
  };
  const active = ['queued', 'running'].includes(scan.status);
  const cancelError = h('p', { role: 'alert', class: 'sev-high' });
  const cancel = active
    ? h('button', {
        type: 'button',
        class: 'secondary',
        id: 'cancel-scan',
        onclick: async () => {
          try {
            await api('POST', `/scans/${id}/cancel`);
          } catch (err) {
            cancelError.textContent = (err as Error).message;
          }
          await scanPage(id);
        },
      }, 'Cancel scan')
    : null;
  // A failed or cancelled scan says why.
  const why = ['failed', 'cancelled'].includes(scan.status) && scan.error ? h('p', { id: 'scan-error', role: 'note' }, scan.error) : null;
  setPage(scan.repository, status, progress, h('p', {}, `Started ${when(scan.createdAt)}${scan.ref ? ` · ref ${scan.ref}` : ''}`), ...[why, cancel, cancelError].filter((n): n is HTMLElement => n !== null), downloads, log, body);
  showFindings(findings);
  if (active) {
    openStream?.close();
    const live: Json[] = [...findings];
    const events = new EventSource(`/dashboard/api/scans/${id}/events`);
    openStream = events;
    events.onmessage = (message) => {
      const event = JSON.parse(message.data) as Json;
      const data = event.data ?? {};
      if (typeof data.progress === 'number') progress.setAttribute('value', String(data.progress));
      if (event.type === 'vulnerability') {
        live.push(data);
        showFindings(live);
      } else if (data.message) {
        seen.push(data.message);
        log.append(h('li', {}, data.message));
      }
      if (event.type === 'completed' || event.type === 'failed') {
        events.close();
        status.textContent = data.status ?? event.type;
        void scanPage(id);
      } else if (event.type !== 'connected') status.textContent = 'running';
    };
  }
}

async function usagePage(): Promise<void> {
  const { plan, limits, usage, perDay } = await api('GET', '/usage');
  const days: { day: string; scans: number }[] = [];
  const counts = new Map((perDay as Json[]).map((d) => [d.day, d.scans]));
  for (let i = 29; i >= 0; i--) {
    const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
    days.push({ day, scans: counts.get(day) ?? 0 });
  }
  const max = Math.max(1, ...days.map((d) => d.scans));
  const chart = h('div', { class: 'chart', role: 'img', 'aria-label': `Scans per day, last 30 days: ${days.filter((d) => d.scans).map((d) => `${d.day} ${d.scans}`).join(', ') || 'none'}` });
  for (const d of days) {
    const bar = h('span', { title: `${d.day}: ${d.scans}` });
    bar.style.height = `${(d.scans / max) * 100}%`;
    chart.append(bar);
  }
  setPage(
    'Usage',
    h('p', {}, 'Plan: ', h('strong', { id: 'plan' }, plan), ` · period ${usage.period}`),
    h(
      'div',
      { class: 'grid' },
      h('article', {}, h('header', {}, 'Billed scans'), h('p', { id: 'billed' }, `${usage.billedScans} of ${limits.scansPerPeriod}`), h('progress', { max: String(limits.scansPerPeriod), value: String(usage.billedScans), 'aria-label': 'Billed scans against the plan limit' })),
      h('article', {}, h('header', {}, 'Unbilled scans'), h('p', { id: 'unbilled' }, String(usage.unbilledScans)), h('small', {}, 'failed or cancelled')),
      h('article', {}, h('header', {}, 'At once'), h('p', {}, `${limits.concurrentScans} scans`), h('small', {}, `${usage.filesScanned} files, ${usage.linesScanned} lines scanned`)),
    ),
    h('h2', {}, 'Scans per day (30 days)'),
    chart,
  );
}

function accountPage(email: string, role: string): void {
  const status = h('p', { role: 'status' });
  const error = h('p', { role: 'alert', class: 'sev-high' });
  const form = h(
    'form',
    {},
    h('label', { for: 'current-password' }, 'Current password', h('input', { id: 'current-password', name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true })),
    h('label', { for: 'new-password-input' }, 'New password (12 characters or more)', h('input', { id: 'new-password-input', name: 'newPassword', type: 'password', autocomplete: 'new-password', minlength: '12', required: true })),
    h('button', { type: 'submit' }, 'Change password'),
  ) as HTMLFormElement;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      const answer = await api('POST', '/password', { currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') });
      form.reset();
      error.textContent = '';
      status.textContent = `Password changed.${answer.otherSessionsEnded ? ` Signed out of ${answer.otherSessionsEnded} other session${answer.otherSessionsEnded === 1 ? '' : 's'}.` : ''}`;
    } catch (err) {
      status.textContent = '';
      error.textContent = (err as Error).message;
    }
  });
  setPage('Account', h('p', {}, `Signed in as ${email} (${role}).`), h('h2', {}, 'Change your password'), form, status, error);
}

async function render(): Promise<void> {
  openStream?.close();
  const path = location.pathname;
  if (path === '/signin') return signInPage();
  try {
    const session = await api('GET', '/session');
    csrfToken = session.csrfToken;
    drawNav(session.email, session.role);
    if (path === '/keys') await keysPage();
    else if (path === '/users' && session.role === 'admin') await usersPage();
    else if (path === '/usage') await usagePage();
    else if (path === '/account') accountPage(session.email, session.role);
    else if (path.startsWith('/scans/')) await scanPage(decodeURIComponent(path.slice('/scans/'.length)));
    else await scansPage();
    main.focus();
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 401)) setPage('Something went wrong', h('p', { role: 'alert' }, (err as Error).message));
  }
}

void render();
