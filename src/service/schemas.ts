// Request and response schemas of the REST API, declared once: they validate
// requests, type the handlers and produce the OpenAPI document.
import { z } from 'zod';
import { refNameProblem } from '../sources/clone.ts';
import { DISMISSAL_STATUSES, JOB_STATUSES } from './store/store.ts';

/** "owner/name" in GitHub's alphabet: letters, digits, '-', '_', '.', and never a '..' segment. */
const REPO_SLUG = /^(?!\.{1,2}\/)[A-Za-z0-9_.-]{1,100}\/(?!\.{1,2}$)[A-Za-z0-9_.-]{1,100}$/;
/** A branch, tag or commit sha, checked as `git check-ref-format` does, so a ref the API accepts is one git can fetch. */
export const RefName = z
  .string()
  .superRefine((ref, ctx) => {
    const problem = refNameProblem(ref);
    if (problem) ctx.addIssue({ code: 'custom', message: `is not a valid git ref: it ${problem}` });
  });

export const GithubScanBody = z
  .strictObject({
    repository: z
      .string()
      .min(1)
      .max(300)
      .describe('"owner/name", or its https URL under the configured GitHub host'),
    ref: RefName.optional().describe('branch, tag or commit sha (a valid git ref name); default: the default branch'),
    history: z.boolean().default(true).describe('also scan the git history for secrets'),
    paths: z.array(z.string().min(1).max(500)).max(100).default([]).describe('globs limiting the files scanned'),
    autoCancel: z.boolean().default(true).describe('cancel the scan when its last SSE client leaves'),
    token: z.string().min(1).max(500).optional().describe('for a private repository; never stored or logged'),
  })
  .describe('Start a scan of a whole repository');

export function parseRepository(repository: string, githubUrl: string): { slug: string } | { error: string } {
  let candidate = repository.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(candidate)) {
    const base = githubUrl.replace(/\/+$/, '');
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return { error: 'is not a valid URL' };
    }
    const baseUrl = new URL(base);
    if (url.protocol !== baseUrl.protocol || url.host !== baseUrl.host || url.username || url.password || url.search || url.hash) {
      return { error: `must be a repository on ${base}` };
    }
    const basePath = baseUrl.pathname.replace(/\/+$/, '');
    if (!url.pathname.startsWith(basePath + '/')) return { error: `must be a repository on ${base}` };
    candidate = url.pathname.slice(basePath.length + 1).replace(/\/+$/, '').replace(/\.git$/, '');
  }
  if (!REPO_SLUG.test(candidate)) return { error: 'must be "owner/name" (letters, digits, "-", "_", ".") or its URL' };
  return { slug: candidate };
}

const PATH_ERROR = 'must be a relative path without "..", NUL bytes or a drive letter';

export const CommitFile = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(1024)
    .refine(
      (p) =>
        !p.includes('\0') &&
        !p.startsWith('/') &&
        !p.startsWith('\\') &&
        !/^[A-Za-z]:/.test(p) &&
        !p.split(/[/\\]/).some((segment) => segment === '..' || segment === '.' || segment === ''),
      PATH_ERROR,
    ),
  content: z.string().refine((c) => (c as string & { isWellFormed(): boolean }).isWellFormed(), 'must be valid UTF-8 text'),
});

export const CommitScanBody = z
  .strictObject({
    repository: z.string().min(1).max(300).describe('a label for the repository'),
    commit: z
      .string()
      .regex(/^[0-9a-fA-F]{4,64}$/, 'must be a commit sha')
      .optional(),
    files: z.array(CommitFile).min(1).describe('files to scan, content as UTF-8 text'),
  })
  .describe('Start a scan of files from a commit');

export const JobIdParams = z.strictObject({ jobId: z.string() });
export const ScanIdParams = z.strictObject({ scanId: z.string() });

export const JobQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100).describe('findings per page'),
  cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
});

export const JobsQuery = z.strictObject({
  status: z.enum(JOB_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(300).optional(),
});

export const UsageQuery = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month, YYYY-MM')
    .optional()
    .describe('billing period (calendar month, UTC) to report, e.g. 2026-10; default the current one'),
  limit: z.coerce.number().int().min(1).max(1000).default(100).describe('usage records per page'),
  cursor: z.string().max(300).optional().describe('nextCursor of the previous page'),
});

export const ErrorResponse = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export const StartGithubResponse = z.object({
  success: z.literal(true),
  jobId: z.string().uuid(),
  scanId: z.string().uuid(),
  data: z.object({
    jobId: z.string().uuid(),
    scanId: z.string().uuid(),
    status: z.enum(JOB_STATUSES),
    eventsUrl: z.string(),
    statusUrl: z.string(),
  }),
});

export const StartCommitResponse = z.object({
  success: z.literal(true),
  jobId: z.string().uuid(),
  data: z.object({
    jobId: z.string().uuid(),
    status: z.enum(JOB_STATUSES),
    eventsUrl: z.string(),
    statusUrl: z.string(),
  }),
});

export const Dismissal = z
  .object({
    status: z.enum(DISMISSAL_STATUSES),
    reason: z.string(),
    by: z.string().describe('the dashboard user, or key:<key id> for the API'),
    at: z.string(),
  })
  .describe('why the finding was dismissed; kept for later scans of the repository');

export const Vulnerability = z
  .looseObject({
    id: z.string().describe('vuln_…: stable across scans (rule, file and normalised code, not the line)'),
    type: z.string().describe('upper-case snake case, e.g. SQL_INJECTION, HARDCODED_SECRET'),
    severity: z.string().describe('critical, high, medium or low'),
    file: z.string().describe('path relative to the repository (for a history secret, in the commit that introduced it)'),
    line: z.number().describe('1-based line of the sink, or of the secret'),
    column: z.number().optional().describe('1-based column'),
    endLine: z.number().optional(),
    endColumn: z.number().optional(),
    cwe: z.array(z.number()).optional().describe('CWE numbers'),
    ruleId: z.string().optional(),
    title: z.string().optional(),
    message: z.string().optional().describe('what is wrong, in one or two sentences'),
    confidence: z.string().optional().describe('high, medium or low'),
    snippet: z.string().optional().describe('the affected source line(s); secrets are masked'),
    remediation: z.string().optional().describe('how to fix it (markdown)'),
    references: z.array(z.string()).optional().describe('links'),
    trace: z
      .array(z.looseObject({ kind: z.string().optional(), file: z.string().optional(), line: z.number().optional(), column: z.number().optional(), label: z.string().optional() }))
      .optional()
      .describe('taint findings: the steps from the source to the sink'),
    commit: z.string().optional().describe('history secrets: the full sha of the commit that introduced it'),
    author: z.string().optional().describe('history secrets: "Name <email>" of that commit'),
    date: z.string().optional().describe('history secrets: the author date of that commit'),
    presentAtHead: z.boolean().optional().describe('history secrets: whether the secret is still in its file at HEAD'),
    provider: z.string().optional().describe('secrets: the service the credential belongs to, when known'),
    dismissal: Dismissal.nullable().optional().describe('job answers: null while the finding is open'),
  })
  .describe('A finding: the vulnerability event payload and each of findings[]');

export const FindingParams = z.strictObject({ jobId: z.string(), findingId: z.string().max(200) });

export const DismissalBody = z
  .strictObject({
    status: z.enum(DISMISSAL_STATUSES),
    reason: z.string().trim().min(1).max(2000),
  })
  .describe('Dismiss a finding as a false positive, an accepted risk or won\'t fix');

export const DismissalResponse = z.object({
  success: z.literal(true),
  data: z.object({ findingId: z.string(), repository: z.string(), dismissal: Dismissal.nullable() }),
});

const JobFields = {
  jobId: z.string().uuid(),
  kind: z.enum(['github', 'commit']),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  repository: z.string(),
  ref: z.string().nullable(),
  commit: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  billed: z.boolean(),
  summary: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
};

export const JobResponse = z.object({
  success: z.literal(true),
  data: z.object({
    ...JobFields,
    scanId: z.string().uuid().optional(),
    findings: z.array(Vulnerability),
    nextCursor: z.string().nullable(),
  }),
});

export const JobsResponse = z.object({
  success: z.literal(true),
  data: z.object({ jobs: z.array(z.object(JobFields)), nextCursor: z.string().nullable() }),
});

export const CancelResponse = z.object({
  success: z.literal(true),
  data: z.object({ jobId: z.string().uuid(), status: z.literal('cancelled') }),
});

export const UsageResponse = z.object({
  success: z.literal(true),
  data: z.object({
    account: z.object({ id: z.string(), name: z.string() }),
    plan: z.string(),
    limits: z.object({
      scansPerPeriod: z.number(),
      concurrentScans: z.number(),
      requestsPerMinute: z.number(),
      maxRepoBytes: z.number(),
      maxCommitPayloadBytes: z.number(),
      maxCommitFiles: z.number(),
    }),
    period: z.object({ id: z.string(), start: z.string(), end: z.string() }),
    scans: z.object({ billed: z.number(), unbilled: z.number(), active: z.number(), remaining: z.number() }),
    filesScanned: z.number(),
    linesScanned: z.number(),
    records: z.array(
      z.object({
        jobId: z.string(),
        outcome: z.string(),
        billed: z.boolean(),
        filesScanned: z.number(),
        linesScanned: z.number(),
        recordedAt: z.string(),
      }),
    ).describe('the period\'s usage records (one per ended scan), newest first, a page at a time'),
    nextCursor: z.string().nullable().describe('pass as cursor for the next page of records; null on the last page'),
  }),
});

export const HealthResponse = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ ok: z.boolean(), dialect: z.string() }),
    queue: z.object({ ok: z.boolean(), kind: z.string() }),
    version: z.string(),
  }),
});

export const SseStream = z.string().describe('text/event-stream: connected, progress, vulnerability, completed | failed, or error');
