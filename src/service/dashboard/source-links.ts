// Where a finding's file and line are on the git host a scan cloned from, at the scanned
// commit: each host kind has its own address for a file at a commit and a line in it.
import { isGithubKind, matchRepositoryUrl, type GitHost, type GitHostKind } from '../git-hosts.ts';
import type { JobRecord } from '../store/store.ts';

/**
 * The web address of `file` at `commit` of the repository at `webUrl`, scrolled to `line`.
 * Every path segment is URL-encoded (a file may be named `a b#c.js`); the line anchor is
 * each host's own.
 */
export function fileLineUrl(kind: GitHostKind, webUrl: string, commit: string, file: string, line: number): string {
  const repository = webUrl.replace(/\/+$/, '');
  const sha = encodeURIComponent(commit);
  const at = file.split('/').map(encodeURIComponent).join('/');
  const n = Math.max(1, Math.trunc(line) || 1);
  switch (kind) {
    case 'github':
    case 'github-enterprise':
      return `${repository}/blob/${sha}/${at}#L${n}`;
    case 'gitlab':
      return `${repository}/-/blob/${sha}/${at}#L${n}`;
    case 'gitea':
    case 'forgejo':
      return `${repository}/src/commit/${sha}/${at}#L${n}`;
    case 'bitbucket':
      return `${repository}/src/${sha}/${at}#lines-${n}`;
  }
}

/** "owner/name" of the GitHub host that `githubUrl` names (how POST /github labels its jobs). */
const OWNER_NAME = /^[\w.-]+\/[\w.-]+$/;

/**
 * The repository a clone-and-scan job came from, as a configured host and its web address:
 * a job's repository is "owner/name" on the default GitHub host, or the web address on any
 * other host. Undefined for a commit scan (its repository is only a label) and for a host
 * no longer configured.
 */
export function hostedRepositoryOf(job: Pick<JobRecord, 'kind' | 'repository'>, hosts: GitHost[], githubUrl: string): { host: GitHost; webUrl: string } | undefined {
  if (job.kind !== 'github') return undefined;
  if (OWNER_NAME.test(job.repository)) {
    const host = hosts.find((h) => h.url === githubUrl && isGithubKind(h.kind));
    return host && { host, webUrl: `${host.url}/${job.repository}` };
  }
  const matched = matchRepositoryUrl(job.repository, hosts);
  return 'error' in matched ? undefined : { host: matched.host, webUrl: matched.webUrl };
}

/**
 * For a clone-and-scan job: the address of each finding's file and line at the scanned
 * commit (a history secret's at the commit that introduced it). Undefined when there is
 * nothing to link to: a commit scan, a scan that never learned its commit, a host gone from
 * the configuration.
 */
export function sourceLinks(job: JobRecord, hosts: GitHost[], githubUrl: string): ((finding: Record<string, unknown>) => string) | undefined {
  const scanned = job.commit ?? (typeof job.summary?.commit === 'string' ? job.summary.commit : null);
  const hosted = scanned ? hostedRepositoryOf(job, hosts, githubUrl) : undefined;
  if (!scanned || !hosted) return undefined;
  return (finding) => {
    const commit = typeof finding.commit === 'string' ? finding.commit : scanned;
    return fileLineUrl(hosted.host.kind, hosted.webUrl, commit, String(finding.file), Number(finding.line));
  };
}
