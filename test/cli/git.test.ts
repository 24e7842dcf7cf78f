// `--diff`, `--history` and git URLs, on real git repositories made in temp dirs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sarifSchemaErrors } from '../report/sarif-schema.ts';
import { CLEAN_FILE, VULNERABLE_ROUTE, makeTree, runScanner } from './helpers.ts';

// A keyboard walk in the AWS key format: clearly fake, but shaped like a key.
const FAKE_ENV = 'AWS_ACCESS_KEY_ID=AKIAQWERTYUIOPASDFGH\n';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();
}

function makeRepo(files: Record<string, string>) {
  const tree = makeTree(files);
  git(tree.dir, 'init', '-q', '-b', 'main');
  git(tree.dir, 'add', '.');
  git(tree.dir, 'commit', '-q', '-m', 'first');
  return tree;
}

test('--history reports a secret that was removed, with commit, author and date in SARIF', async () => {
  const repo = makeRepo({ 'config/deploy.env': FAKE_ENV, 'lib/math.js': CLEAN_FILE });
  try {
    const introduced = git(repo.dir, 'rev-parse', 'HEAD');
    git(repo.dir, 'rm', '-q', 'config/deploy.env');
    git(repo.dir, 'commit', '-q', '-m', 'remove the key');

    const tree = await runScanner(['scan', repo.dir]);
    assert.equal(tree.code, 0, `${tree.stderr}${tree.stdout}`);

    const run = await runScanner(['scan', repo.dir, '--history', '--format', 'sarif']);
    assert.equal(run.code, 1, run.stderr);
    const log = JSON.parse(run.stdout);
    assert.deepEqual(sarifSchemaErrors(log), []);
    const secret = log.runs[0].results.find((r: any) => r.properties.type === 'HARDCODED_SECRET');
    assert.ok(secret, run.stdout);
    assert.equal(secret.properties.commit, introduced);
    assert.equal(secret.properties.author, 'Test Author <author@example.com>');
    assert.match(secret.properties.date, /^\d{4}-\d\d-\d\dT/);
    assert.equal(secret.locations[0].physicalLocation.artifactLocation.uri, 'config/deploy.env');
    assert.equal(secret.locations[0].physicalLocation.region.startLine, 1);
    assert.doesNotMatch(run.stdout, /AKIAQWERTYUIOPASDFGH/, 'the secret itself is masked');
  } finally {
    repo.remove();
  }
});

test('--diff REF reports only what changed since REF, and .scanner/ stays out of git', async () => {
  const repo = makeRepo({ 'routes/old.js': VULNERABLE_ROUTE, 'lib/math.js': CLEAN_FILE });
  try {
    const first = await runScanner(['scan', repo.dir, '--format', 'json']);
    assert.equal(first.code, 1);
    assert.equal(git(repo.dir, 'status', '--porcelain'), '', 'the cache folder is ignored by git');

    const nothingChanged = await runScanner(['scan', repo.dir, '--diff', 'HEAD', '--format', 'json']);
    assert.equal(nothingChanged.code, 0, nothingChanged.stderr);
    assert.equal(JSON.parse(nothingChanged.stdout).findings.length, 0);

    writeFileSync(path.join(repo.dir, 'routes', 'new.js'), VULNERABLE_ROUTE); // untracked
    const untracked = await runScanner(['scan', repo.dir, '--diff', 'HEAD', '--format', 'json']);
    assert.equal(untracked.code, 1, untracked.stderr);
    assert.deepEqual(JSON.parse(untracked.stdout).findings.map((f: any) => f.file), ['routes/new.js']);

    git(repo.dir, 'add', '.');
    git(repo.dir, 'commit', '-q', '-m', 'second');
    const sinceFirst = await runScanner(['scan', repo.dir, '--diff', 'HEAD~1', '--format', 'json']);
    assert.deepEqual(JSON.parse(sinceFirst.stdout).findings.map((f: any) => f.file), ['routes/new.js']);

    // A folder inside the repository limits the diff; paths stay relative to the repository.
    const inLib = await runScanner(['scan', path.join(repo.dir, 'lib'), '--diff', 'HEAD~1', '--format', 'json']);
    assert.equal(inLib.code, 0, inLib.stderr);
    const inRoutes = await runScanner(['scan', path.join(repo.dir, 'routes'), '--diff', 'HEAD~1', '--format', 'json']);
    assert.deepEqual(JSON.parse(inRoutes.stdout).findings.map((f: any) => f.file), ['routes/new.js']);
  } finally {
    repo.remove();
  }
});

test('a git URL is fetched and scanned at --ref, with --history too', async () => {
  const repo = makeRepo({ 'routes/users.js': VULNERABLE_ROUTE, 'config/deploy.env': FAKE_ENV });
  try {
    git(repo.dir, 'checkout', '-q', '-b', 'fixed');
    writeFileSync(path.join(repo.dir, 'routes', 'users.js'), CLEAN_FILE);
    git(repo.dir, 'rm', '-q', 'config/deploy.env');
    git(repo.dir, 'commit', '-q', '-am', 'fix');
    git(repo.dir, 'checkout', '-q', 'main');
    const url = pathToFileURL(repo.dir).href;

    const main = await runScanner(['scan', url, '--format', 'json']);
    assert.equal(main.code, 1, main.stderr);
    assert.ok(JSON.parse(main.stdout).findings.some((f: any) => f.type === 'SQL_INJECTION' && f.file === 'routes/users.js'));

    const fixed = await runScanner(['scan', url, '--ref', 'fixed', '--format', 'json']);
    assert.equal(fixed.code, 0, `${fixed.stderr}${fixed.stdout}`);

    const history = await runScanner(['scan', url, '--ref', 'fixed', '--history', '--format', 'sarif']);
    assert.equal(history.code, 1, history.stderr);
    const results = JSON.parse(history.stdout).runs[0].results;
    assert.deepEqual(results.map((r: any) => r.properties.type), ['HARDCODED_SECRET']);
    assert.match(results[0].properties.commit, /^[0-9a-f]{40}$/);
    assert.equal(JSON.parse(history.stdout).runs[0].originalUriBaseIds, undefined, 'no temporary path in the report');
  } finally {
    repo.remove();
  }
});

test('git errors exit 2 with a message', async () => {
  const plain = makeTree({ 'a.js': CLEAN_FILE });
  const repo = makeRepo({ 'a.js': CLEAN_FILE });
  try {
    rmSync(path.join(plain.dir, '.git'), { recursive: true, force: true });
    const cases: [string[], RegExp][] = [
      [['scan', plain.dir, '--diff', 'HEAD'], /need a git repository/],
      [['scan', plain.dir, '--history'], /need a git repository/],
      [['scan', repo.dir, '--diff', 'no-such-ref'], /--diff no-such-ref: unknown ref/],
      [['scan', pathToFileURL(path.join(plain.dir, 'missing')).href], /cannot fetch file:/],
      [['scan', pathToFileURL(repo.dir).href, '--diff', 'HEAD'], /cannot be combined with a git URL/],
      [['scan', pathToFileURL(repo.dir).href, '--ref', '--upload-pack=touch'], /invalid ref/],
      // A token in the URL is refused (SCANNER_GIT_TOKEN is the way), and the message does not repeat it.
      [['scan', 'https://ci:ghp_notARealTokenForTheTest000000000000000@git.example.invalid/acme/app.git'], /cannot fetch https:\/\/git\.example\.invalid\/acme\/app\.git: credentials in the URL are not accepted/],
    ];
    for (const [args, message] of cases) {
      const run = await runScanner(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
      assert.doesNotMatch(run.stderr, /ghp_notARealToken/);
    }
    assert.equal(existsSync(path.join(plain.dir, 'missing')), false);
    assert.equal(readFileSync(path.join(repo.dir, 'a.js'), 'utf8'), CLEAN_FILE);
  } finally {
    plain.remove();
    repo.remove();
  }
});
