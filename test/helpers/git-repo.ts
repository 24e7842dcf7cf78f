// Real git repositories in temporary directories, for the source tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(path: string, content: string | Buffer): void;
  commit(message: string, date?: string): string;
  remove(): void;
}

let clock = Date.UTC(2024, 0, 1) / 1000;

export function makeRepo(prefix = 'scanner-test-'): TestRepo {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: dir };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  git('init', '-q', '-b', 'main', '--template=');
  git('config', 'user.name', 'Test Author');
  git('config', 'user.email', 'author@example.invalid');
  return {
    dir,
    git,
    write(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    commit(message, date) {
      git('add', '-A');
      const when = date ?? new Date((clock += 60) * 1000).toISOString();
      execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], {
        cwd: dir,
        env: { ...env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
      });
      return git('rev-parse', 'HEAD').trim();
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
