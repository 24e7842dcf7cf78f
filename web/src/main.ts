// The dashboard single-page app: plain DOM, Pico CSS, talks only to /dashboard/api.
// This file draws the menu, signs in and out, the API keys and Usage pages, and routes.
import './style.css';
import { HttpError, api, auth, go, h, link, main, nav, onNavigate, setPage, when, type Json } from './dom.ts';
import { closeStream, scanPage, scansPage } from './scans.ts';
import { accountPage, usersPage } from './users.ts';

window.addEventListener('popstate', () => void render());
onNavigate(render);

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
  auth.csrfToken = '';
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
      auth.csrfToken = answer.csrfToken;
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

async function render(): Promise<void> {
  closeStream();
  const path = location.pathname;
  if (path === '/signin') return signInPage();
  try {
    const session = await api('GET', '/session');
    auth.csrfToken = session.csrfToken;
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
