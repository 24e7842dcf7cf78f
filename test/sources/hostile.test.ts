// Repositories built to attack the scanner. None may run a command, make us
// read outside the repository, or exhaust memory; each case is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, closeSync, ftruncateSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanHistory } from '../../src/sources/git-history.ts';
import { collectDiff } from '../../src/sources/git-diff.ts';
import { collectTree } from '../../src/sources/git-tree.ts';
import { cloneRepository, CloneError } from '../../src/sources/clone.ts';
import { makeRepo, type TestRepo } from '../helpers/git-repo.ts';

/** A command that leaves a marker file if it ever runs. */
function trap(repo: TestRepo, name: string): { command: string; ran: () => boolean } {
  const marker = join(repo.dir, '..', `${repo.dir.split('/').pop()}-${name}-RAN`);
  const script = join(repo.dir, `.${name}.sh`);
  writeFileSync(script, `#!/bin/sh\ntouch '${marker}'\ncat\n`);
  chmodSync(script, 0o755);
  return { command: script, ran: () => existsSync(marker) };
}

test('hostile: .git/config commands (fsmonitor, sshCommand, pager, signatures, filters, external diff, hooks) never run', async (t) => {
  const repo = makeRepo();
  const traps = ['fsmonitor', 'ssh', 'pager', 'gpg', 'clean', 'smudge', 'extdiff', 'textconv', 'hook'].map((n) => [n, trap(repo, n)] as const);
  const cmd = Object.fromEntries(traps.map(([n, tr]) => [n, tr.command]));
  t.after(() => {
    repo.remove();
    for (const [n] of traps) rmSync(join(repo.dir, '..', `${repo.dir.split('/').pop()}-${n}-RAN`), { force: true });
  });
  repo.write('.gitattributes', '*.py filter=evil diff=evil\n');
  repo.write('a.py', 'x = 1\n');
  repo.commit('one');
  repo.write('a.py', 'x = 2\n');
  repo.commit('two');
  const hooks = join(repo.dir, 'evil-hooks');
  mkdirSync(hooks);
  for (const hook of ['post-checkout', 'pre-commit', 'post-merge', 'pre-push', 'reference-transaction', 'post-index-change', 'fsmonitor-watchman']) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\n${cmd.hook}\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  const set = (k: string, v: string) => repo.git('config', k, v);
  set('core.fsmonitor', cmd.fsmonitor);
  set('core.sshCommand', cmd.ssh);
  set('core.pager', cmd.pager);
  set('core.hooksPath', hooks);
  set('log.showSignature', 'true');
  set('gpg.program', cmd.gpg);
  set('filter.evil.clean', cmd.clean);
  set('filter.evil.smudge', cmd.smudge);
  set('filter.evil.required', 'true');
  set('diff.external', cmd.extdiff);
  set('diff.evil.textconv', cmd.textconv);
  repo.write('a.py', 'x = 3\n'); // a dirty working tree makes git want to clean/compare it

  const history = await scanHistory(repo.dir);
  assert.equal(history.commitsSeen, 2);
  const diff = await collectDiff(repo.dir, 'HEAD~1');
  const changed = diff.files.find((f) => f.path === 'a.py');
  assert.equal(changed?.content.toString(), 'x = 3\n'); // read as it is, no filter applied
  assert.deepEqual([...diff.changedLines.get('a.py')!], [1]);
  await collectTree(repo.dir, 'HEAD');
  const clone = await cloneRepository(`file://${repo.dir}`, { history: true, allowFileProtocol: true });
  await scanHistory(clone.dir);
  await clone.cleanup();
  for (const [name, tr] of traps) assert.equal(tr.ran(), false, `${name} command ran`);
});

test('hostile: symlinks to /etc/passwd and outside the tree are reported, never read', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  symlinkSync('/etc/passwd', join(repo.dir, 'passwd-link'));
  symlinkSync('../../..', join(repo.dir, 'up'));
  repo.write('real.txt', 'hello\n');
  repo.commit('links');
  repo.git('tag', 'base');
  symlinkSync('/etc', join(repo.dir, 'etc-dir'));
  symlinkSync('/etc/passwd', join(repo.dir, 'untracked-link'));
  repo.write('real.txt', 'hello again\n');

  const tree = await collectTree(repo.dir, 'HEAD');
  assert.deepEqual(tree.files.map((f) => f.path), ['real.txt']);
  assert.deepEqual(tree.skipped.map((s) => [s.path, s.reason]).sort(), [['passwd-link', 'symlink'], ['up', 'symlink']]);
  const diff = await collectDiff(repo.dir, 'base');
  assert.deepEqual(diff.files.map((f) => f.path), ['real.txt']);
  assert.ok(diff.skipped.every((s) => s.reason === 'symlink'));
  assert.ok(diff.skipped.some((s) => s.path === 'untracked-link'));
  const history = await scanHistory(repo.dir);
  assert.ok(!JSON.stringify([tree, diff, history]).includes('root:x:0:0'));
});

test('hostile: a submodule pointing elsewhere (ext::, file:///etc) is not fetched', async (t) => {
  const repo = makeRepo();
  const tr = trap(repo, 'submodule');
  t.after(() => repo.remove());
  repo.write('.gitmodules', `[submodule "evil"]\n\tpath = evil\n\turl = ext::sh -c ${tr.command}\n[submodule "etc"]\n\tpath = etc\n\turl = file:///etc\n`);
  const head = repo.commit('gitmodules');
  repo.git('update-index', '--add', '--cacheinfo', `160000,${head},evil`);
  repo.git('commit', '-q', '-m', 'gitlink');
  const clone = await cloneRepository(`file://${repo.dir}`, { history: true, allowFileProtocol: true });
  const tree = await collectTree(clone.dir, clone.commit);
  await scanHistory(clone.dir);
  await clone.cleanup();
  assert.deepEqual(tree.skipped.map((s) => [s.path, s.reason]), [['evil', 'unsupported']]);
  assert.equal(tr.ran(), false);
});

test('hostile: ext:: and --upload-pack URLs are refused before git runs', async (t) => {
  const repo = makeRepo();
  const tr = trap(repo, 'url');
  t.after(() => repo.remove());
  for (const url of [`ext::sh -c ${tr.command}`, `ext::${tr.command}`, `--upload-pack=${tr.command}`, `-u${tr.command}`]) {
    await assert.rejects(cloneRepository(url, { allowFileProtocol: true }), CloneError);
  }
  await assert.rejects(cloneRepository(`file://${repo.dir}`, { allowFileProtocol: true, ref: `--upload-pack=${tr.command}` }), CloneError);
  assert.equal(tr.ran(), false);
});

test('hostile: a 1 GiB blob is skipped, counted and reported, with memory bounded', async (t) => {
  const repo = makeRepo();
  t.after(() => repo.remove());
  const big = join(repo.dir, 'huge.bin');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, 1024 * 1024 * 1024); // sparse: no disk, no memory
  closeSync(fd);
  repo.write('small.py', `TOKEN = "ghp_6aYr3E3iEAW9FffudIjBKOjVOQ1bDI4NssRe"\n`); // fake
  execFileSync('git', ['-c', 'core.compression=1', 'add', '-A'], { cwd: repo.dir });
  repo.commit('huge');
  rmSync(big);
  const before = process.memoryUsage().rss;
  const history = await scanHistory(repo.dir);
  const tree = await collectTree(repo.dir, 'HEAD');
  const grown = process.memoryUsage().rss - before;
  assert.equal(history.blobsSkipped.tooLarge, 1);
  assert.equal(history.blobsSkipped.examples[0].path, 'huge.bin');
  assert.equal(history.findings.length, 1);
  assert.deepEqual(tree.skipped.map((s) => [s.path, s.reason]), [['huge.bin', 'too-large']]);
  assert.ok(grown < 200 * 1024 * 1024, `memory grew by ${grown} bytes`);
});
