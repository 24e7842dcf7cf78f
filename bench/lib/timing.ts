// How the speed benchmarks (bench/speed.ts, bench/speed-apps.ts) time a command and find
// the tools they compare with: wall time and peak memory (GNU time) of one run, the best
// of several, the ast-grep binary and the ESLint security set from the devDependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface Measure {
  seconds: number;
  peakMiB?: number;
  /** User plus system CPU time of the process and its threads (GNU time): less disturbed by other jobs than wall time. */
  cpuSeconds?: number;
  exitCode: number | null;
  stdout: string;
}

/** `/usr/bin/time` when it is there (it gives peak memory), else undefined. */
export function gnuTime(): string | undefined {
  return existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
}

/**
 * Wall time and peak resident memory (the process and its threads, from GNU time writing
 * to `timeFile`) of one run. A status outside `okCodes` throws with the end of stderr.
 */
export function measureOnce(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; okCodes: number[]; time?: string; timeFile: string },
): Measure {
  const spawnOptions = { cwd: options.cwd, env: options.env, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 } as const;
  const started = performance.now();
  const run = options.time
    ? spawnSync(options.time, ['-f', '%M %U %S', '-o', options.timeFile, command, ...args], spawnOptions)
    : spawnSync(command, args, spawnOptions);
  const seconds = (performance.now() - started) / 1000;
  if (run.status === null || !options.okCodes.includes(run.status)) {
    throw new Error(`${path.basename(command)} ${args.slice(0, 12).join(' ')} exited ${run.status ?? run.signal}: ${(run.stderr ?? '').slice(-2000)}`);
  }
  let peakMiB: number | undefined;
  let cpuSeconds: number | undefined;
  if (options.time) {
    // The last line: GNU time puts a note on the status above it when the command exits non-zero.
    const [kib, user, system] = readFileSync(options.timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    if (Number.isFinite(kib)) peakMiB = kib! / 1024;
    if (Number.isFinite(user) && Number.isFinite(system)) cpuSeconds = user! + system!;
  }
  return { seconds, peakMiB, cpuSeconds, exitCode: run.status, stdout: run.stdout };
}

/**
 * Folds one more run into the best so far: on a shared machine the fastest run is the one
 * least disturbed by others (wall and CPU time each keep their lowest), while peak memory
 * keeps the highest seen.
 */
export function keepBest(best: Measure | undefined, run: Measure): Measure {
  const peakMiB = Math.max(run.peakMiB ?? 0, best?.peakMiB ?? 0) || undefined;
  const cpus = [run.cpuSeconds, best?.cpuSeconds].filter((c): c is number => c !== undefined);
  const cpuSeconds = cpus.length ? Math.min(...cpus) : undefined;
  return !best || run.seconds < best.seconds ? { ...run, peakMiB, cpuSeconds } : { ...best, peakMiB, cpuSeconds };
}

/** The ast-grep binary of the `@ast-grep/cli` devDependency, or undefined. */
export function findAstGrep(): string | undefined {
  // The npm package's postinstall (which links the binary) is blocked by npm 11;
  // the binary itself is in the platform package.
  try {
    const dir = path.dirname(require.resolve(`${astGrepPlatformPackage()}/package.json`));
    const binary = path.join(dir, process.platform === 'win32' ? 'ast-grep.exe' : 'ast-grep');
    if (existsSync(binary)) return binary;
  } catch {
    // not installed
  }
  return undefined;
}

export function astGrepPlatformPackage(): string {
  return `@ast-grep/cli-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`;
}

/** ESLint's bin, when ESLint and both security plugins of bench/eslint-security.config.js are installed. */
export function findEslint(): string | undefined {
  try {
    require.resolve('eslint-plugin-security');
    require.resolve('@microsoft/eslint-plugin-sdl');
    const bin = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed
  }
  return undefined;
}

/** The environment minus the variables named (see bench/speed.ts on NODE_EXTRA_CA_CERTS). */
export function envWithout(names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !names.includes(name)));
}

/**
 * Why `dist/` cannot be timed, or undefined when it can: `bin/scanner.js` runs the
 * TypeScript sources (about twice as slow) whenever one is newer than `dist/`, and timing
 * that would measure the loader, not the scanner.
 */
export function staleBuild(repo: string): string | undefined {
  const built = statSync(path.join(repo, 'dist', 'cli', 'main.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built === 0) return 'dist/ is missing: run `npm run build` first';
  const sources = path.join(repo, 'src');
  const stale = (readdirSync(sources, { recursive: true }) as string[]).find((f) => /\.m?ts$/.test(f) && statSync(path.join(sources, f)).mtimeMs > built);
  return stale ? `dist/ is older than src/${stale}: run \`npm run build\` first` : undefined;
}
