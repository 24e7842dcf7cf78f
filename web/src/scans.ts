// The Scans page (list, filters, paging, starting a scan) and a scan's page (live
// progress, findings with their filters, triage, downloads).
import { renderMarkdown } from './markdown.ts';
import { SEVERITIES, api, duration, go, h, link, setPage, severityBadges, when, type Json } from './dom.ts';

const HOST_KINDS: Record<string, string> = {
  github: 'GitHub',
  'github-enterprise': 'GitHub Enterprise',
  gitlab: 'GitLab',
  gitea: 'Gitea',
  forgejo: 'Forgejo',
  bitbucket: 'Bitbucket',
};

/** Which repositories the form takes: "owner/name" on the default GitHub host, full URLs on every configured host. */
function hostsHint(github: string | null, hosts: { kind: string; url: string }[]): string {
  const listed = hosts.map((host) => `${host.url} (${HOST_KINDS[host.kind] ?? host.kind})`).join(', ');
  return `${github ? `owner/name on ${github}, or ` : ''}the repository's full URL on ${hosts.length === 1 ? '' : 'one of '}${listed}.`;
}

export async function scansPage(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const [{ scans, nextCursor }, { github, hosts }] = await Promise.all([api('GET', `/scans?${params}`), api('GET', '/hosts')]);
  const filter = h(
    'form',
    { class: 'grid', role: 'search' },
    h('label', { for: 'f-status' }, 'Status', h('select', { id: 'f-status', name: 'status' }, ...['', 'queued', 'running', 'completed', 'failed', 'cancelled'].map((s) => h('option', { value: s, selected: params.get('status') === s }, s || 'any')))),
    h('label', { for: 'f-repo' }, 'Repository', h('input', { id: 'f-repo', name: 'repository', value: params.get('repository') ?? '', placeholder: 'owner/name, or the URL on other hosts' })),
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
    h(
      'label',
      { for: 'repo' },
      'Repository to scan',
      h('input', { id: 'repo', name: 'repository', required: true, placeholder: github ? 'owner/name or https://host/group/project' : 'https://host/group/project', 'aria-describedby': 'repo-hint' }),
      h('small', { id: 'repo-hint' }, hostsHint(github, hosts)),
    ),
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
    h('details', {}, h('summary', { role: 'button', class: 'outline' }, 'Start a scan'), start, startError),
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
/** Ends the live stream of the scan page that is being left. */
export function closeStream(): void {
  openStream?.close();
}
/** Progress messages seen live, kept when the page re-renders with the final result. */
const liveMessages = new Map<string, string[]>();

export async function scanPage(id: string): Promise<void> {
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
