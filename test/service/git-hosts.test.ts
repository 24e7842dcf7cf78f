// Git hosts for self-hosters, with real parts: repositories served by `git
// http-backend` behind a loopback server that demands a token (as Gitea, GitLab and
// Bitbucket do for a private repository), `scanner serve` as a process for the
// start-up check, and a real sshd on a loopback port for deploy keys.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiRequestError, ScannerClient } from '../../src/client/index.ts';
import { loadServiceConfig } from '../../src/service/config.ts';
import { cloneUrlFor, hostForCloneUrl, matchRepositoryUrl, parseGitHosts } from '../../src/service/git-hosts.ts';
import { createRepository, freePort, serveGitHttpBackend, sqliteBackend, startTestService, tempDir, type Backend, type TestService } from './harness.ts';
import { createKey, launch, stop, waitHealthy } from './processes.ts';

const TOKEN = 'gta_fakeTokenForTheTestOnly0123456789abcdef';
const WRONG_TOKEN = 'gta_wrongTokenForTheTestOnly9876543210fedcba';
const basic = (user: string, token: string) => `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;

interface TokenGitHost {
  url: string;
  root: string;
  /** Requests that carried an accepted credential, and ones refused. */
  counts: { accepted: number; refused: number };
  stop(): Promise<void>;
}

/** `git http-backend` (CGI, shipped with git) behind a server that answers 401 unless a listed credential is sent. */
async function startTokenGitHost(credentials: { user: string; token: string }[]): Promise<TokenGitHost> {
  const { dir: root, remove } = tempDir('git-hosts');
  const accepted = new Set(credentials.map((c) => basic(c.user, c.token)));
  const counts = { accepted: 0, refused: 0 };
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    if (!accepted.has(request.headers.authorization ?? '')) {
      counts.refused++;
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('authentication required');
      return;
    }
    counts.accepted++;
    serveGitHttpBackend(root, request, response, { REMOTE_USER: 'tester' });
  };
  const server: Server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    root,
    counts,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      remove();
    },
  };
}

describe('git hosts: configuration', () => {
  it('without configuration, github.com alone, as before, and not probed', () => {
    const config = loadServiceConfig({}, {});
    assert.equal(config.githubUrl, 'https://github.com');
    assert.deepEqual(config.hosts.map((h) => [h.kind, h.url, h.allowHttp]), [['github', 'https://github.com', false]]);
    assert.equal(config.checkHostsAtStart, false);
  });

  it('refuses an http:// host without "allowHttp": true, naming the host and the fix', () => {
    assert.throws(
      () => loadServiceConfig({}, { SCANNER_GIT_HOSTS: JSON.stringify([{ kind: 'gitlab', url: 'http://gitlab.internal' }]) }),
      (error: Error) => /SCANNER_GIT_HOSTS/.test(error.message) && /hosts\[0\]\.url: http:\/\/gitlab\.internal is plain http/.test(error.message) && /"allowHttp": true/.test(error.message),
    );
    assert.throws(() => loadServiceConfig({ githubUrl: 'http://ghe.internal' }, {}), /must be https .*"allowHttp": true/);
    assert.throws(() => loadServiceConfig({ hosts: [{ kind: 'gitlab', url: 'https://x.example', tokken: 'a' }] }, {}), /hosts\[0\]: Unrecognized key/);
    assert.throws(() => loadServiceConfig({ hosts: [{ kind: 'sourcehut', url: 'https://x.example' }] }, {}), /hosts\[0\]\.kind/);
    assert.throws(
      () => loadServiceConfig({ hosts: [{ kind: 'gitea', url: 'https://x.example', ssh: { keyFile: '/k', knownHostsFile: '/kh', hostKeyChecking: 'no' } }] }, {}),
      /hosts\[0\]\.ssh\.hostKeyChecking/,
    );
    assert.throws(() => loadServiceConfig({}, { SCANNER_GIT_HOSTS: '[{kind:' }), /SCANNER_GIT_HOSTS.*not JSON/);
    // ssh would expand %u or ${HOME} in a key path itself.
    assert.throws(
      () => loadServiceConfig({ hosts: [{ kind: 'gitea', url: 'https://x.example', ssh: { keyFile: '/keys/%u', knownHostsFile: '/kh' } }] }, {}),
      /hosts\[0\]\.ssh\.keyFile: may not contain/,
    );
  });

  it('reads every kind from the environment form, tokens from tokenEnv, and keeps the legacy GitHub URL first', () => {
    const hosts = [
      { kind: 'github-enterprise', url: 'https://ghe.example.com/', tokenEnv: 'GHE_TOKEN' },
      { kind: 'gitlab', url: 'https://gitlab.example.com/gitlab', token: 'glpat-fake' },
      { kind: 'gitea', url: 'http://gitea.lan:3000', allowHttp: true },
      { kind: 'forgejo', url: 'https://codeberg.example' },
      { kind: 'bitbucket', url: 'https://bitbucket.org', username: 'ci-bot' },
    ];
    const config = loadServiceConfig({}, { SCANNER_GIT_HOSTS: JSON.stringify(hosts), GHE_TOKEN: 'ghe-fake', SCANNER_GITHUB_URL: 'https://github.com' });
    assert.deepEqual(
      config.hosts.map((h) => [h.kind, h.url, h.username, h.token ?? null]),
      [
        ['github', 'https://github.com', 'x-access-token', null],
        ['github-enterprise', 'https://ghe.example.com', 'x-access-token', 'ghe-fake'],
        ['gitlab', 'https://gitlab.example.com/gitlab', 'oauth2', 'glpat-fake'],
        ['gitea', 'http://gitea.lan:3000', 'x-access-token', null],
        ['forgejo', 'https://codeberg.example', 'x-access-token', null],
        ['bitbucket', 'https://bitbucket.org', 'ci-bot', null],
      ],
    );
    assert.equal(config.githubUrl, 'https://github.com');
    assert.equal(config.checkHostsAtStart, true);
    // A list without GitHub: "owner/name" means the first host.
    assert.equal(loadServiceConfig({ hosts: hosts.slice(1) }, {}).githubUrl, 'https://gitlab.example.com/gitlab');
    // tokenEnv naming an unset variable is reported by the start-up check, not fatal.
    assert.equal(loadServiceConfig({ hosts: hosts.slice(0, 1) }, {}).hosts[0].missingTokenEnv, 'GHE_TOKEN');
  });

  it('matches repository URLs to hosts: path prefixes, groups, scp-like ssh, and nothing else', () => {
    const hosts = parseGitHosts(
      [
        { kind: 'gitlab', url: 'https://example.com/gitlab' },
        { kind: 'gitea', url: 'https://gitea.example', ssh: { keyFile: '/k', knownHostsFile: '/kh', port: 2222 } },
      ],
      'test',
      {},
    );
    const ok = (raw: string) => {
      const matched = matchRepositoryUrl(raw, hosts);
      assert.ok(!('error' in matched), `${raw}: ${JSON.stringify(matched)}`);
      return [matched.cloneUrl, matched.webUrl];
    };
    assert.deepEqual(ok('https://example.com/gitlab/group/sub/project.git'), ['https://example.com/gitlab/group/sub/project.git', 'https://example.com/gitlab/group/sub/project']);
    assert.deepEqual(ok('ssh://git@gitea.example:2222/team/api.git'), ['ssh://git@gitea.example:2222/team/api.git', 'https://gitea.example/team/api']);
    // cloneOver ssh: "owner/name" goes to the ssh server the host names, with its user and port.
    const [ghe] = parseGitHosts(
      [{ kind: 'github-enterprise', url: 'https://ghe.example', cloneOver: 'ssh', ssh: { keyFile: '/k', knownHostsFile: '/kh', host: 'ssh.ghe.example' } }],
      'test',
      {},
    );
    assert.equal(cloneUrlFor(ghe, 'acme/web'), 'ssh://git@ssh.ghe.example/acme/web.git');
    assert.equal(hostForCloneUrl(cloneUrlFor(ghe, 'acme/web'), [ghe]), ghe, 'the runner finds the host again');
    for (const bad of [
      'https://example.com/other/group/project', // outside the base path
      'https://example.com/gitlab-evil/group/project',
      'https://example.com.evil.test/gitlab/group/project',
      'http://example.com/gitlab/group/project', // http not allowed for this host
      'https://tok:x@example.com/gitlab/group/project',
      'https://example.com/gitlab/group/project?x=1',
      'https://example.com/gitlab/../etc/passwd',
      'https://example.com/gitlab/-u/project',
      'git@gitea.example:team/api.git', // ssh on port 22: this host's ssh is on 2222
      'ssh://git@example.com/gitlab/group/project', // no ssh for this host
      'file:///etc/passwd',
      'ext::sh -c touch% /tmp/x',
      'group/project',
    ]) {
      assert.ok('error' in matchRepositoryUrl(bad, hosts), bad);
    }
  });
});

describe('git hosts: POST /git and POST /github against a host that demands a token', { timeout: 180_000 }, () => {
  let backend: Backend;
  let host: TokenGitHost;
  let svc: TestService;
  let wrong: TestService;

  before(async () => {
    backend = await sqliteBackend();
    host = await startTokenGitHost([
      { user: 'x-access-token', token: TOKEN }, // Gitea / Forgejo
      { user: 'oauth2', token: TOKEN }, // GitLab
    ]);
    createRepository(host.root, 'team/api');
    createRepository(host.root, 'gitlab/group/sub/project');
    const gitea = { kind: 'gitea', url: host.url, allowHttp: true, token: TOKEN };
    const gitlab = { kind: 'gitlab', url: `${host.url}/gitlab`, allowHttp: true, token: TOKEN };
    // Listed after the host whose base URL contains its own: the most specific base matches.
    svc = await startTestService(await backend.freshStore(), { hosts: [gitea, gitlab] });
    wrong = await startTestService(await backend.freshStore(), { hosts: [{ ...gitea, token: WRONG_TOKEN }] });
  });
  after(async () => {
    await svc?.close();
    await wrong?.close();
    await host?.stop();
    await backend?.stop();
  });

  it('scans a private repository on a Gitea-style host over allowed http, the host\'s token reaching git', async () => {
    const before = host.counts.accepted;
    const started = await svc.client.startGitScan({ repository: `${host.url}/team/api.git` });
    assert.equal(started.data.eventsUrl, `/api/v1/github/${started.jobId}/events`);
    const events = await svc.client.collectEvents('github', started.scanId);
    assert.equal(events.at(-1)!.type, 'completed', JSON.stringify(events.at(-1)));
    assert.ok(host.counts.accepted > before, 'git sent the token');
    const job = await svc.client.getJob(started.jobId);
    assert.equal(job.repository, `${host.url}/team/api`);
    assert.ok(job.findings.some((f) => f.type === 'SQL_INJECTION' && f.file === 'src/users.js'), JSON.stringify(job.findings.map((f) => f.type)));
    assert.ok(job.findings.some((f) => f.type === 'HARDCODED_SECRET' && f.commit), 'the history secret');
    const stored = JSON.stringify({ job, events, row: await svc.server.core.store.jobs.get(started.jobId) });
    assert.ok(!stored.includes(TOKEN), 'the token is in the job or its events');
  });

  it('scans a GitLab repository with groups under a base path, with GitLab\'s token user', async () => {
    const started = await svc.client.startGitScan({ repository: `${host.url}/gitlab/group/sub/project`, history: false });
    const events = await svc.client.collectEvents('github', started.scanId);
    assert.equal(events.at(-1)!.type, 'completed', JSON.stringify(events.at(-1)));
    assert.equal((await svc.client.getJob(started.jobId)).repository, `${host.url}/gitlab/group/sub/project`);
  });

  it('a wrong token fails the scan with a clear error that does not contain it; a request token is used instead of the host\'s', async () => {
    const refusedBefore = host.counts.refused;
    const started = await wrong.client.startGitScan({ repository: `${host.url}/team/api.git`, history: false });
    const events = await wrong.client.collectEvents('github', started.scanId);
    const last = events.at(-1)!;
    assert.equal(last.type, 'failed');
    const job = await wrong.client.getJob(started.jobId);
    assert.equal(job.status, 'failed');
    assert.match(String(job.error), /the host refused the token \(authentication failed\)/);
    assert.ok(host.counts.refused > refusedBefore);
    const everything = JSON.stringify({ events, job });
    for (const secret of [WRONG_TOKEN, Buffer.from(`x-access-token:${WRONG_TOKEN}`).toString('base64')]) {
      assert.ok(!everything.includes(secret), 'the token (or its basic-auth form) is in the error');
    }
    // The same service, the right token given with the request.
    const retried = await wrong.client.startGitScan({ repository: `${host.url}/team/api.git`, history: false, token: TOKEN });
    const again = await wrong.client.collectEvents('github', retried.scanId);
    assert.equal(again.at(-1)!.type, 'completed', JSON.stringify(again.at(-1)));
  });

  it('refuses a URL outside the configured hosts with 400 naming body.repository', async () => {
    const other = await freePort();
    for (const repository of [
      'https://evil.example/team/api.git',
      `http://127.0.0.1:${other}/team/api.git`,
      `${host.url.replace('127.0.0.1', 'localhost')}/team/api.git`,
      `ssh://git@127.0.0.1/team/api.git`,
      `http://${TOKEN}@${host.url.slice('http://'.length)}/team/api.git`,
      'team/api',
      'file:///etc',
    ]) {
      await assert.rejects(svc.client.startGitScan({ repository }), (error: ApiRequestError) => {
        assert.equal(error.status, 400, repository);
        assert.equal(error.code, 'INVALID_REQUEST');
        assert.equal(error.field, 'body.repository');
        assert.match(error.message, /^body\.repository: /);
        assert.ok(!error.message.includes(TOKEN), 'the token is echoed');
        return true;
      });
    }
    const outside = await svc.client.startGitScan({ repository: 'https://evil.example/team/api.git' }).catch((e: ApiRequestError) => e);
    assert.match((outside as ApiRequestError).message, /must be a repository on a configured git host \(http:\/\/127\.0\.0\.1:\d+, .*\/gitlab\)/);
    // POST /github is for GitHub hosts: this service has none.
    await assert.rejects(svc.client.startGithubScan({ repository: 'team/api' }), (error: ApiRequestError) => {
      assert.equal(error.status, 400);
      assert.equal(error.field, 'body.repository');
      assert.match(error.message, /no GitHub host is configured.*POST \/git/);
      return true;
    });
  });

  it('describes POST /git in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${svc.api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { example: { repository: string } }> }; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/git'].post;
    assert.match(op.requestBody.content['application/json'].example.repository, /^https:\/\//);
    for (const status of ['200', '400', '401', '403', '413', '429']) assert.ok(op.responses[status], status);
  });
});

describe('git hosts: POST /github with a GitHub host and a second GitHub Enterprise host', { timeout: 120_000 }, () => {
  let backend: Backend;
  let host: TokenGitHost;
  let svc: TestService;

  before(async () => {
    backend = await sqliteBackend();
    host = await startTokenGitHost([{ user: 'x-access-token', token: TOKEN }]);
    createRepository(host.root, 'acme/web');
    createRepository(host.root, 'ghe/acme/web');
    svc = await startTestService(await backend.freshStore(), {
      hosts: [
        { kind: 'github', url: host.url, allowHttp: true, token: TOKEN },
        { kind: 'github-enterprise', url: `${host.url}/ghe`, allowHttp: true, token: TOKEN },
      ],
    });
  });
  after(async () => {
    await svc?.close();
    await host?.stop();
    await backend?.stop();
  });

  it('"owner/name" is on the first GitHub host; a URL may name another GitHub host', async () => {
    const slug = await svc.client.startGithubScan({ repository: 'acme/web', history: false });
    assert.equal((await svc.client.collectEvents('github', slug.scanId)).at(-1)!.type, 'completed');
    assert.equal((await svc.client.getJob(slug.jobId)).repository, 'acme/web');
    const ghe = await svc.client.startGithubScan({ repository: `${host.url}/ghe/acme/web`, history: false });
    assert.equal((await svc.client.collectEvents('github', ghe.scanId)).at(-1)!.type, 'completed');
    assert.equal((await svc.client.getJob(ghe.jobId)).repository, `${host.url}/ghe/acme/web`);
    for (const start of [svc.client.startGithubScan, svc.client.startGitScan]) {
      await assert.rejects(start.call(svc.client, { repository: `${host.url}/ghe/acme/web/extra` }), (error: ApiRequestError) => {
        assert.equal(error.status, 400);
        assert.equal(error.field, 'body.repository');
        assert.match(error.message, /must be "owner\/name"/);
        return true;
      });
    }
    // POST /git takes GitHub URLs too, named as POST /github names them.
    const viaGit = await svc.client.startGitScan({ repository: `${host.url}/acme/web.git`, history: false });
    assert.equal((await svc.client.collectEvents('github', viaGit.scanId)).at(-1)!.type, 'completed');
    assert.equal((await svc.client.getJob(viaGit.jobId)).repository, 'acme/web');
  });
});

describe('git hosts: checked when scanner serve starts', { timeout: 120_000 }, () => {
  it('logs an unreachable host, a deploy key others can read and an unset token variable, keeps serving, and never logs a token', async () => {
    const { dir, remove } = tempDir('host-check');
    const host = await startTokenGitHost([{ user: 'x-access-token', token: TOKEN }]);
    const closed = await freePort(); // claimed for this process and never listened on
    const key = path.join(dir, 'deploy_key');
    writeFileSync(key, 'not really a key\n', { mode: 0o644 });
    chmodSync(key, 0o644);
    const hosts = [
      { kind: 'gitea', url: host.url, allowHttp: true, tokenEnv: 'SCANNER_TEST_HOST_TOKEN' },
      { kind: 'gitlab', url: `http://127.0.0.1:${closed}`, allowHttp: true, tokenEnv: 'SCANNER_TEST_UNSET_TOKEN' },
      { kind: 'forgejo', url: host.url + '/forgejo', allowHttp: true, ssh: { keyFile: key, knownHostsFile: path.join(dir, 'known_hosts'), host: '127.0.0.1', port: closed } },
    ];
    const port = await freePort();
    const env = {
      SCANNER_LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SCANNER_GIT_HOSTS: JSON.stringify(hosts),
      SCANNER_HOST_CHECK_TIMEOUT_MS: '3000',
      // A token the host refuses: the scan fails, and the log must still not show it.
      SCANNER_TEST_HOST_TOKEN: WRONG_TOKEN,
    };
    const dataDir = path.join(dir, 'data');
    const server = launch(['serve', '--port', String(port), '--data-dir', dataDir], env);
    try {
      await waitHealthy(`http://127.0.0.1:${port}/api/v1`, server);
      const lines = async () => {
        for (let i = 0; i < 200; i++) {
          const found = server.output().split('\n').filter((line) => line.includes('"git host'));
          if (found.length >= 3) return found;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.fail(`the host check was not logged:\n${server.output()}`);
      };
      const logged = (await lines()).map((line) => JSON.parse(line) as { msg: string; host: string; level: number; problems?: string[] });
      const of = (url: string) => logged.find((line) => line.host === url)!;
      assert.equal(of(host.url).msg, 'git host reachable');
      const unreachable = of(`http://127.0.0.1:${closed}`);
      assert.ok(unreachable.level >= 40, 'a warning');
      assert.match(unreachable.msg, new RegExp(`git host http://127\\.0\\.0\\.1:${closed} has a problem: .*is unreachable: ECONNREFUSED`));
      assert.match(unreachable.msg, /tokenEnv SCANNER_TEST_UNSET_TOKEN is not set/);
      const ssh = of(`${host.url}/forgejo`).problems!.join('\n');
      assert.match(ssh, /ssh key file .*deploy_key has mode 644: it must not be readable by group or others \(chmod 600\)/);
      assert.match(ssh, /known_hosts file .* is missing/);
      assert.match(ssh, new RegExp(`ssh 127\\.0\\.0\\.1:${closed} is unreachable: ECONNREFUSED`));
      assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status, 200, 'still serving');

      createRepository(host.root, 'team/api');
      const key = createKey(env, dataDir);
      const client = new ScannerClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: key });
      const started = await client.startGitScan({ repository: `${host.url}/team/api.git`, history: false });
      assert.equal((await client.collectEvents('github', started.scanId)).at(-1)!.type, 'failed');
      for (let i = 0; i < 100 && !server.output().includes('"scan failed"'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const output = server.output();
      assert.match(output, /"msg":"scan failed"/);
      assert.match(output, /the host refused the token/);
      for (const secret of [WRONG_TOKEN, Buffer.from(`x-access-token:${WRONG_TOKEN}`).toString('base64')]) {
        assert.ok(!output.includes(secret), `the token is in the log:\n${output}`);
      }
    } finally {
      await stop(server);
      await host.stop();
      remove();
    }
  });

  it('refuses to start with an http host that is not allowed, saying why', async () => {
    const { dir, remove } = tempDir('host-refuse');
    const port = await freePort();
    const server = launch(['serve', '--port', String(port), '--data-dir', path.join(dir, 'data')], {
      DATABASE_URL: '',
      SCANNER_GIT_HOSTS: JSON.stringify([{ kind: 'gitea', url: 'http://gitea.lan:3000' }]),
    });
    try {
      const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      assert.equal(code, 2);
      assert.match(server.output(), /scanner: invalid git host configuration \(SCANNER_GIT_HOSTS\): hosts\[0\]\.url: http:\/\/gitea\.lan:3000 is plain http.*"allowHttp": true/);
    } finally {
      await stop(server);
      remove();
    }
  });
});

// ---------- ssh with a deploy key, against a real sshd ----------

const SSHD = ['/usr/sbin/sshd', '/usr/bin/sshd'].find((file) => existsSync(file));

interface Sshd {
  port: number;
  hostPublicKey: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startSshd(dir: string, authorizedKey: string): Promise<Sshd> {
  const hostKey = path.join(dir, 'ssh_host_ed25519_key');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  const authorized = path.join(dir, 'authorized_keys');
  writeFileSync(authorized, authorizedKey, { mode: 0o600 });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${authorized}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'StrictModes no',
      'LogLevel VERBOSE',
    ].join('\n') + '\n',
  );
  // sshd started as root wants its privilege separation directory.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const child = spawn(SSHD!, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk) => (log += chunk));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || i > 100) throw new Error(`sshd did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    hostPublicKey: readFileSync(`${hostKey}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' '),
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('git hosts: ssh with a deploy key against a real sshd', { timeout: 180_000 }, () => {
  const missing = !SSHD ? 'sshd is not installed (Debian: openssh-server)' : false;
  if (missing && process.env.CI === 'true') throw new Error(`CI: ${missing}`);

  let backend: Backend;
  let sshd: Sshd;
  let svc: TestService;
  let work: ReturnType<typeof tempDir>;
  let repoPath: string;
  let keyFile: string;
  let knownHosts: string;
  const user = os.userInfo().username;

  before(async () => {
    if (missing) return;
    work = tempDir('sshd');
    // GIT_SSH_COMMAND goes through a shell: the key's path has a space and a quote in it.
    const keys = path.join(work.dir, "deploy key's folder");
    mkdirSync(keys, { mode: 0o700 });
    keyFile = path.join(keys, 'deploy_key');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'scanner deploy key', '-f', keyFile]);
    sshd = await startSshd(work.dir, readFileSync(`${keyFile}.pub`, 'utf8'));
    knownHosts = path.join(keys, 'known hosts');
    writeFileSync(knownHosts, `[127.0.0.1]:${sshd.port} ${sshd.hostPublicKey}\n`);
    const repos = path.join(work.dir, 'repos');
    createRepository(repos, 'team/app');
    // Over ssh the path is the server's own: the repository's absolute path.
    repoPath = path.join(repos, 'team/app.git').replace(/^\/+/, '');
    backend = await sqliteBackend();
    const ssh = (extra: Record<string, unknown> = {}) => ({ keyFile, knownHostsFile: knownHosts, port: sshd.port, user, ...extra });
    svc = await startTestService(await backend.freshStore(), {
      hosts: [
        { kind: 'gitea', url: 'https://127.0.0.1', ssh: ssh() },
        // Same server under another name: its key is not in this known_hosts file.
        { kind: 'forgejo', url: 'https://localhost', ssh: ssh({ knownHostsFile: path.join(work.dir, 'empty_known_hosts') }) },
      ],
      cloneTimeoutMs: 60_000,
    });
    writeFileSync(path.join(work.dir, 'empty_known_hosts'), '');
  });
  after(async () => {
    await svc?.close();
    await sshd?.stop();
    await backend?.stop();
    work?.remove();
  });

  it('clones over ssh with the deploy key and the known host key', { skip: missing }, async () => {
    const started = await svc.client.startGitScan({ repository: `ssh://${user}@127.0.0.1:${sshd.port}/${repoPath}` });
    const events = await svc.client.collectEvents('github', started.scanId);
    assert.equal(events.at(-1)!.type, 'completed', JSON.stringify(events.at(-1)));
    const job = await svc.client.getJob(started.jobId);
    assert.equal(job.repository, `https://127.0.0.1/${repoPath.replace(/\.git$/, '')}`);
    assert.ok(job.findings.some((f) => f.type === 'SQL_INJECTION'));
    assert.ok(job.findings.some((f) => f.type === 'HARDCODED_SECRET' && f.commit), 'history came over ssh too');
  });

  it('refuses a server whose host key is not in the known_hosts file (checking is never turned off)', { skip: missing }, async () => {
    const started = await svc.client.startGitScan({ repository: `ssh://${user}@localhost:${sshd.port}/${repoPath}`, history: false });
    const events = await svc.client.collectEvents('github', started.scanId);
    assert.equal(events.at(-1)!.type, 'failed');
    assert.match(String((await svc.client.getJob(started.jobId)).error), /Host key verification failed/);
  });

  it('accept-new takes a new host\'s key on first use and refuses it once changed', { skip: missing }, async () => {
    const learned = path.join(work.dir, 'learned_known_hosts');
    const svc2 = await startTestService(await backend.freshStore(), {
      hosts: [{ kind: 'forgejo', url: 'https://localhost', ssh: { keyFile, knownHostsFile: learned, port: sshd.port, user, hostKeyChecking: 'accept-new' } }],
    });
    try {
      const first = await svc2.client.startGitScan({ repository: `ssh://${user}@localhost:${sshd.port}/${repoPath}`, history: false });
      assert.equal((await svc2.client.collectEvents('github', first.scanId)).at(-1)!.type, 'completed');
      assert.ok(readFileSync(learned, 'utf8').includes(`[localhost]:${sshd.port} ${sshd.hostPublicKey.split(' ')[0]}`), 'the key was added');
      // Another server's key under the same name: ssh refuses, the operator's file is not rewritten.
      const other = path.join(work.dir, 'other_host_key');
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', other]);
      const forged = `[localhost]:${sshd.port} ${readFileSync(`${other}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' ')}\n`;
      writeFileSync(learned, forged);
      const second = await svc2.client.startGitScan({ repository: `ssh://${user}@localhost:${sshd.port}/${repoPath}`, history: false });
      assert.equal((await svc2.client.collectEvents('github', second.scanId)).at(-1)!.type, 'failed');
      assert.match(String((await svc2.client.getJob(second.jobId)).error), /Host key verification failed|HOST IDENTIFICATION HAS CHANGED/);
      assert.equal(readFileSync(learned, 'utf8'), forged);
    } finally {
      await svc2.close();
    }
  });

  it('a deploy key readable by others is refused by ssh and reported by the host check', { skip: missing }, async () => {
    const { checkGitHosts } = await import('../../src/service/git-hosts.ts');
    chmodSync(keyFile, 0o644);
    try {
      const [check] = await checkGitHosts(svc.server.core.config.hosts.slice(0, 1), { timeoutMs: 2000 });
      assert.ok(check.problems.some((p) => /has mode 644/.test(p)), check.problems.join('\n'));
      assert.ok(!check.problems.some((p) => /^ssh 127/.test(p)), 'the ssh port answers');
      const started = await svc.client.startGitScan({ repository: `ssh://${user}@127.0.0.1:${sshd.port}/${repoPath}`, history: false });
      const events = await svc.client.collectEvents('github', started.scanId);
      assert.equal(events.at(-1)!.type, 'failed');
      assert.match(String((await svc.client.getJob(started.jobId)).error), /UNPROTECTED PRIVATE KEY FILE|Permission denied/);
    } finally {
      chmodSync(keyFile, 0o600);
    }
  });
});
