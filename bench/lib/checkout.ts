// Pinned checkouts of public projects for the benchmarks that scan real code
// (bench/real-apps.ts, bench/speed-apps.ts): clone from a folder of mirrors or from GitHub,
// then check out the pinned commit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export function git(args: string[], cwd?: string): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

export function headCommit(directory: string): string | undefined {
  const run = spawnSync('git', ['-C', directory, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** Where the clones come from: `mirrors` (`DIR/<owner>+<name>/repo`) or, with `fromGithub`, https://github.com. */
export interface CheckoutSource {
  mirrors?: string;
  fromGithub?: boolean;
}

/**
 * Brings `directory` to `commit` of `repo`: a new clone, or a checkout in an existing one.
 * With `paths`, a new clone checks out only those (sparse): the scan reads nothing else, and
 * a mirror may lack the largest files of the rest.
 */
export function checkoutPinned(repo: string, commit: string, directory: string, from: CheckoutSource, paths?: string[]): void {
  if (headCommit(directory) === commit) return;
  if (!existsSync(directory)) {
    process.stderr.write(`cloning ${repo} at ${commit.slice(0, 12)} into ${directory}…\n`);
    if (from.fromGithub) {
      // A shallow fetch of the one commit: GitHub serves any commit by its id.
      mkdirSync(directory, { recursive: true });
      git(['init', '--quiet'], directory);
      git(['fetch', '--quiet', '--depth', '1', `https://github.com/${repo}.git`, commit], directory);
    } else {
      if (!from.mirrors) throw new Error('a checkout needs a mirrors folder or GitHub');
      const mirror = path.resolve(from.mirrors, repo.replace('/', '+'), 'repo');
      if (!existsSync(mirror)) throw new Error(`no mirror of ${repo} at ${mirror}`);
      // A local clone hard-links the mirror's objects: fast, and every commit it holds is there.
      git(['clone', '--quiet', '--no-checkout', mirror, directory]);
    }
    if (paths) git(['sparse-checkout', 'set', '--no-cone', ...paths.map((p) => `/${p.replace(/^\/+/, '')}`)], directory);
  }
  git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit], directory);
}
