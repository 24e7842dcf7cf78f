// A finding's link to its file and line at the scanned commit, on every kind of git host:
// the address each host uses, the job's repository matched to its configured host, and the
// dashboard API answering the link for a scan of a GitLab repository over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadServiceConfig } from '../../src/service/config.ts';
import { fileLineUrl, hostedRepositoryOf, sourceLinks } from '../../src/service/dashboard/source-links.ts';
import type { JobRecord } from '../../src/service/store/store.ts';
import { createRepository, sqliteBackend, startGitHost, startTestService, type Backend, type GitHost, type TestService } from '../service/harness.ts';
import { signIn } from './session.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('finding links: the address of a file and line on each host', () => {
  const cases: [Parameters<typeof fileLineUrl>[0], string, string][] = [
    ['github', 'https://github.com/acme/app', `https://github.com/acme/app/blob/${SHA}/src/a.js#L7`],
    ['github-enterprise', 'https://ghe.example.com/acme/app', `https://ghe.example.com/acme/app/blob/${SHA}/src/a.js#L7`],
    ['gitlab', 'https://gitlab.example.com/group/sub/app', `https://gitlab.example.com/group/sub/app/-/blob/${SHA}/src/a.js#L7`],
    ['gitea', 'http://gitea.lan:3000/acme/app', `http://gitea.lan:3000/acme/app/src/commit/${SHA}/src/a.js#L7`],
    ['forgejo', 'https://codeberg.org/acme/app', `https://codeberg.org/acme/app/src/commit/${SHA}/src/a.js#L7`],
    ['bitbucket', 'https://bitbucket.org/acme/app', `https://bitbucket.org/acme/app/src/${SHA}/src/a.js#lines-7`],
  ];
  for (const [kind, web, expected] of cases) {
    it(kind, () => assert.equal(fileLineUrl(kind, web, SHA, 'src/a.js', 7), expected));
  }

  it('encodes each path segment, not the slashes between them', () => {
    assert.equal(
      fileLineUrl('gitlab', 'https://gitlab.example.com/g/app', SHA, 'docs/a b/#1?x=%.md', 3),
      `https://gitlab.example.com/g/app/-/blob/${SHA}/docs/a%20b/%231%3Fx%3D%25.md#L3`,
    );
    assert.equal(fileLineUrl('bitbucket', 'https://bitbucket.org/w/r/', SHA, 'ünï/c.js', 0), `https://bitbucket.org/w/r/src/${SHA}/%C3%BCn%C3%AF/c.js#lines-1`);
  });
});

describe('finding links: which host a job came from', () => {
  const config = loadServiceConfig(
    {
      hosts: [
        { kind: 'github', url: 'https://github.com' },
        { kind: 'github-enterprise', url: 'https://ghe.example.com' },
        { kind: 'gitlab', url: 'https://example.com/gitlab' },
        { kind: 'gitea', url: 'http://gitea.lan:3000', allowHttp: true },
        { kind: 'bitbucket', url: 'https://bitbucket.org' },
      ],
    },
    {},
  );
  const job = (repository: string, extra: Partial<JobRecord> = {}) => ({ kind: 'github', repository, commit: SHA, summary: null, ...extra }) as JobRecord;
  const link = (j: JobRecord, finding: Record<string, unknown> = { file: 'src/a.js', line: 2 }) => sourceLinks(j, config.hosts, config.githubUrl)?.(finding);

  it('"owner/name" is on the default GitHub host', () => {
    assert.equal(link(job('acme/app')), `https://github.com/acme/app/blob/${SHA}/src/a.js#L2`);
  });
  it('a web address is on the host it lives under, the most specific base first', () => {
    assert.equal(link(job('https://ghe.example.com/acme/app')), `https://ghe.example.com/acme/app/blob/${SHA}/src/a.js#L2`);
    assert.equal(link(job('https://example.com/gitlab/group/sub/app')), `https://example.com/gitlab/group/sub/app/-/blob/${SHA}/src/a.js#L2`);
    assert.equal(link(job('http://gitea.lan:3000/acme/app')), `http://gitea.lan:3000/acme/app/src/commit/${SHA}/src/a.js#L2`);
    assert.equal(link(job('https://bitbucket.org/acme/app')), `https://bitbucket.org/acme/app/src/${SHA}/src/a.js#lines-2`);
  });
  it('a history secret links to the commit that introduced it; the scanned commit may come from the summary', () => {
    const other = 'f'.repeat(40);
    assert.equal(link(job('acme/app'), { file: 'config.js', line: 1, commit: other }), `https://github.com/acme/app/blob/${other}/config.js#L1`);
    assert.equal(link(job('acme/app', { commit: null, summary: { commit: other } })), `https://github.com/acme/app/blob/${other}/src/a.js#L2`);
  });
  it('no link for a commit scan, a scan without a commit, or a host no longer configured', () => {
    assert.equal(link(job('https://gitlab.example.com/acme/app', { kind: 'commit' })), undefined);
    assert.equal(link(job('acme/app', { commit: null })), undefined);
    assert.equal(link(job('https://gone.example.com/acme/app')), undefined);
    assert.equal(hostedRepositoryOf(job('acme/app'), config.hosts.slice(1), config.githubUrl), undefined);
  });
});

describe('the dashboard API on a GitHub and a GitLab host: links and the scan form', { timeout: 180_000 }, () => {
  let backend: Backend;
  let gitHost: GitHost;
  let svc: TestService;

  before(async () => {
    backend = await sqliteBackend();
    gitHost = await startGitHost();
    // A GitHub stand-in, and a GitLab under a path prefix on the same server with a subgroup.
    createRepository(gitHost.root, 'acme/app');
    createRepository(gitHost.root, 'gitlab/acme/tools/app');
    svc = await startTestService(await backend.freshStore(), {
      hosts: [
        { kind: 'github', url: gitHost.url, allowHttp: true },
        { kind: 'gitlab', url: `${gitHost.url}/gitlab`, allowHttp: true },
      ],
    });
  });
  after(async () => {
    await svc?.close();
    await gitHost?.stop();
    await backend?.stop();
  });

  let n = 0;
  /** A new account with an API key and a signed-in dashboard member. */
  const member = async (store: TestService['server']['core']['store']) => {
    const account = await store.accounts.create(`links-${++n}`, 'free');
    const { key } = await store.keys.create(account.id, 'links');
    const email = `dev${n}@example.test`;
    await store.users.create({ email, password: 'fake-password-links', admin: false, accountId: account.id });
    return { client: svc.clientFor(key), dev: await signIn(svc.server.url, email, 'fake-password-links') };
  };

  it('answers GitLab addresses for the scanned commit and for a history secret', async () => {
    const store = svc.server.core.store;
    const { client, dev } = await member(store);
    const web = `${gitHost.url}/gitlab/acme/tools/app`;
    const { jobId } = await client.startGitScan({ repository: `${web}.git` });
    await client.collectEvents('github', jobId);
    const job = await client.getJob(jobId);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    assert.equal(job.repository, web);

    const page = await dev.call('GET', `/scans/${jobId}`);
    assert.equal(page.status, 200);
    const findings = page.body.findings as { file: string; line: number; commit?: string; url?: string }[];
    const sql = findings.find((f) => f.file === 'src/users.js');
    assert.ok(sql, JSON.stringify(findings));
    assert.equal(sql.url, `${web}/-/blob/${job.commit}/src/users.js#L${sql.line}`);
    const secret = findings.find((f) => f.file === 'config.js' && f.commit);
    assert.ok(secret, 'the secret in history is reported');
    assert.notEqual(secret.commit, job.commit);
    assert.equal(secret.url, `${web}/-/blob/${secret.commit}/config.js#L${secret.line}`);
  });

  it('the scan form takes a full URL on any configured host (as POST /git) and owner/name on the GitHub host', async () => {
    const { client, dev } = await member(svc.server.core.store);
    const finished = async (id: string) => {
      await client.collectEvents('github', id);
      const page = await dev.call('GET', `/scans/${id}`);
      assert.equal(page.status, 200);
      const scan = page.body.scan as { status: string; repository: string; kind: string };
      assert.equal(scan.status, 'completed', JSON.stringify(page.body));
      return { scan, findings: page.body.findings as { file: string; url?: string }[] };
    };

    const web = `${gitHost.url}/gitlab/acme/tools/app`;
    const gitlab = await dev.call('POST', '/scans', { repository: web });
    assert.equal(gitlab.status, 200, JSON.stringify(gitlab.body));
    const onGitlab = await finished(String(gitlab.body.id));
    assert.equal(onGitlab.scan.repository, web, 'labelled as POST /git labels it');
    assert.match(String(onGitlab.findings.find((f) => f.file === 'src/users.js')?.url), /\/gitlab\/acme\/tools\/app\/-\/blob\/[0-9a-f]{40}\/src\/users\.js#L\d+$/);

    const github = await dev.call('POST', '/scans', { repository: 'acme/app', ref: 'main' });
    assert.equal(github.status, 200, JSON.stringify(github.body));
    const onGithub = await finished(String(github.body.id));
    assert.equal(onGithub.scan.repository, 'acme/app');
    assert.equal(onGithub.findings.find((f) => f.file === 'src/users.js')?.url?.startsWith(`${gitHost.url}/acme/app/blob/`), true);

    // Elsewhere: refused, naming the field and the configured hosts; nothing is started.
    for (const repository of ['https://gitlab.example.com/acme/app', `${gitHost.url}/gitlab/acme/../app`, 'git@elsewhere.example:acme/app.git']) {
      const refused = await dev.call('POST', '/scans', { repository });
      assert.equal(refused.status, 400, repository);
      assert.match(String((refused.body.error as { message: string }).message), /^repository: /, repository);
    }
    assert.match(
      String(((await dev.call('POST', '/scans', { repository: 'https://gitlab.example.com/acme/app' })).body.error as { message: string }).message),
      new RegExp(`configured git host .*${gitHost.url}/gitlab`),
    );
    assert.equal(((await dev.call('GET', '/scans')).body.scans as unknown[]).length, 2);

    // The form's hint names the hosts, never their credentials.
    const hosts = await dev.call('GET', '/hosts');
    assert.deepEqual(hosts.body, {
      github: gitHost.url,
      hosts: [
        { kind: 'github', url: gitHost.url },
        { kind: 'gitlab', url: `${gitHost.url}/gitlab` },
      ],
    });
  });
});
