// Git history secrets benchmark, in one run:
//  1. a generated repository (default 3,000 commits, two branches) with fake
//     secrets planted in random commits and removed later: every one must be
//     found with the commit that introduced it, and nothing else;
//  2. a real history without secrets: versions of npm packages (npm pack)
//     committed one after another: no finding may appear;
//  3. speed: the history scan against `git log -p --all` on the same
//     repositories (ratio of throughputs), with the scan's peak memory;
//  4. secretlint (npm) on the same working tree and on corpus/secrets.
//
//   node --import tsx bench/history.ts [--commits N] [--packages express@4.18.0,...] [--no-npm] [--no-secretlint] [--corpus DIR]
//
// Work files go to bench/out/ (ignored by git). Keep runs short on shared machines.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scanHistory } from '../src/sources/git-history.ts';
import { builtinSecretRules, findSecrets } from '../src/engine/secrets/index.ts';
import { parseAnnotations, score, type Counts } from '../src/engine/rules/annotations.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const OUT = join(HERE, 'out');
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '3000' },
    packages: {
      type: 'string',
      // Eight released versions each of six well-known packages (48 commits of real code, no secrets).
      default: 'express@4.13.3,express@4.15.1,express@4.16.0,express@4.17.0,express@4.18.1,express@4.19.2,express@4.22.0,express@5.0.1,commander@3.0.1,commander@4.1.1,commander@6.2.0,commander@8.0.0,commander@9.1.0,commander@9.5.0,commander@12.0.0,commander@14.0.1,yaml@1.9.0,yaml@1.10.2,yaml@2.1.1,yaml@2.2.2,yaml@2.3.4,yaml@2.4.4,yaml@2.6.1,yaml@2.8.2,semver@7.0.0,semver@7.2.0,semver@7.3.1,semver@7.3.6,semver@7.5.1,semver@7.6.1,semver@7.7.2,semver@7.8.2,ws@8.2.2,ws@8.4.2,ws@8.8.1,ws@8.12.1,ws@8.15.0,ws@8.18.0,ws@8.20.0,ws@8.21.3,body-parser@1.13.0,body-parser@1.14.1,body-parser@1.16.0,body-parser@1.18.0,body-parser@1.19.1,body-parser@1.20.3,body-parser@1.20.9,body-parser@2.2.0',
    },
    npm: { type: 'boolean', default: true },
    'no-npm': { type: 'boolean', default: false },
    secretlint: { type: 'boolean', default: true },
    'no-secretlint': { type: 'boolean', default: false },
    corpus: { type: 'string' },
    'child-scan': { type: 'string' },
  },
});

if (values['child-scan']) {
  // Runs in its own process so that its peak memory is the scan's alone. The
  // rules are loaded first (once per process, like git's own start-up) and timed apart.
  const loadStarted = performance.now();
  builtinSecretRules();
  const rulesMs = performance.now() - loadStarted;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const childCpuBefore = childrenCpuMs();
  const result = await scanHistory(values['child-scan']);
  const ms = performance.now() - started;
  const own = process.cpuUsage(cpuBefore);
  const cpuMs = (own.user + own.system) / 1000 + (childrenCpuMs() - childCpuBefore);
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs,
      rulesMs,
      maxRssKiB: process.resourceUsage().maxRSS,
      commitsSeen: result.commitsSeen,
      blobsScanned: result.blobsScanned,
      bytesScanned: result.bytesScanned,
      skipped: result.blobsSkipped,
      findings: result.findings.map((f) => ({ commit: f.commit, file: f.file, line: f.line, ruleId: f.ruleId, snippet: f.snippet, presentAtHead: f.presentAtHead })),
    }),
  );
  process.exit(0);
}

mkdirSync(OUT, { recursive: true });

/** CPU time (user + system) of the children this process has waited for, from /proc (Linux). */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, in 1/100 s
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------- fake secrets
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rand = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
const privateKey = execFileSync('openssl', ['genpkey', '-algorithm', 'ed25519'], { encoding: 'utf8' }).trim().split('\n');

interface Plant {
  file: string;
  lines: string[];
  /** Index into `lines` of the line the finding belongs on. */
  findingLine: number;
}

const PLANT_MAKERS: ((n: number) => Plant)[] = [
  (n) => ({ file: `services/sync_${n}.py`, lines: [`GITHUB_TOKEN = "ghp_${rand(B62, 36)}"`], findingLine: 0 }),
  (n) => ({ file: `config/aws_${n}.env`, lines: [`AWS_ACCESS_KEY_ID=AKIA${rand('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`], findingLine: 0 }),
  (n) => ({ file: `config/aws_secret_${n}.env`, lines: [`AWS_SECRET_ACCESS_KEY=${rand(B62 + '+/', 40)}`], findingLine: 0 }),
  (n) => ({ file: `src/payments_${n}.js`, lines: [`const stripe = require('stripe')('sk_live_${rand(B62, 48)}');`], findingLine: 0 }),
  (n) => ({ file: `src/notify_${n}.go`, lines: [`const slackToken = "xoxb-${rand('0123456789', 12)}-${rand('0123456789', 13)}-${rand(B62, 24)}"`], findingLine: 0 }),
  (n) => ({ file: `config/mail_${n}.yml`, lines: [`sendgrid_api_key: SG.${rand(B62, 22)}.${rand(B62, 43)}`], findingLine: 0 }),
  (n) => ({ file: `deploy/npmrc_${n}/.npmrc`, lines: [`//registry.npmjs.org/:_authToken=npm_${rand(B62, 36)}`], findingLine: 0 }),
  (n) => ({ file: `src/db_${n}.ts`, lines: [`export const dbPassword = '${rand(B62 + '!#%+=', 22)}';`], findingLine: 0 }),
  (n) => ({ file: `config/database_${n}.yml`, lines: [`url: postgres://app:${rand(B62, 20)}@db.internal:5432/app`], findingLine: 0 }),
  (n) => ({ file: `android/keys_${n}.xml`, lines: [`<string name="maps_key">AIza${rand(B62 + '_-', 35)}</string>`], findingLine: 0 }),
  (n) => ({ file: `deploy/key_${n}.pem`, lines: privateKey, findingLine: 0 }),
];

// ---------------------------------------------------------------- generated repository
const FILLER: ((n: number) => string)[] = [
  (n) => `const value${n} = compute(${n}, options);`,
  (n) => `def handler_${n}(request):\n    return respond(request, status=${200 + (n % 5)})`,
  (n) => `timeout_${n} = ${n % 90}`,
  (n) => `// TODO(${n}): retry with backoff when the upstream is slow`,
  (n) => `password_min_length = ${8 + (n % 8)}`,
  (n) => `token = request.headers.get("Authorization")  # ${n}`,
  (n) => `const apiKey${n} = process.env.API_KEY_${n};`,
  (n) => `key: 'user.profile.title.${n}'`,
  (_n) => `commit_sha = "${randomBytes(20).toString('hex')}"`,
  (n) => `request_id = "${crypto.randomUUID()}"  # ${n}`,
  (n) => `secret_name = "orders-service-${n}"`,
  (_n) => `integrity = "sha512-${randomBytes(64).toString('base64')}"`,
  (n) => `log.info("password reset requested for user %s", user_${n})`,
];

interface Generated {
  dir: string;
  commits: number;
  expected: { commit: string; file: string; line: number }[];
}

async function generateRepository(commitCount: number): Promise<Generated> {
  const dir = join(OUT, 'history-generated');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env: GIT_ENV });
  const files = new Map<string, string[]>();
  for (let i = 0; i < 40; i++) files.set(`src/module_${i}.${['py', 'js', 'ts', 'go', 'yml'][i % 5]}`, Array.from({ length: 30 }, (_, n) => FILLER[n % FILLER.length](i * 100 + n)));
  const plantCount = Math.max(12, Math.round(commitCount / 100));
  const plantAt = new Map<number, number>(); // commit index → plant index
  const removeAt = new Map<number, number[]>();
  for (let p = 0; p < plantCount; p++) {
    let at = randomInt(1, commitCount - 10);
    while (plantAt.has(at)) at++;
    plantAt.set(at, p);
    const removal = Math.min(commitCount - 1, at + randomInt(1, 200));
    removeAt.set(removal, [...(removeAt.get(removal) ?? []), p]);
  }
  const plants = new Map<number, Plant & { mark: number }>();
  // Streamed into git fast-import as it is made: a long history does not fit in one string.
  const marksFile = join(OUT, 'history-generated.marks');
  const importer = spawn('git', ['fast-import', '--quiet', `--export-marks=${marksFile}`], { cwd: dir, env: GIT_ENV, stdio: ['pipe', 'ignore', 'inherit'] });
  const importDone = new Promise<number | null>((resolvePromise) => importer.on('close', resolvePromise));
  let pendingWrite: Promise<void> | null = null;
  const chunks = {
    push(text: string) {
      if (!importer.stdin.write(text) && !pendingWrite) {
        pendingWrite = new Promise((resolvePromise) => importer.stdin.once('drain', () => ((pendingWrite = null), resolvePromise())));
      }
    },
  };
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const authors = ['Ada Lovelace <ada@example.invalid>', 'Alan Turing <alan@example.invalid>', 'Grace Hopper <grace@example.invalid>'];
  let time = 1_600_000_000;
  let filler = 0;
  const commit = (mark: number, branch: string, parent: number | null, changes: Map<string, string[] | null>, message: string) => {
    time += 600;
    const author = authors[mark % authors.length];
    chunks.push(`commit refs/heads/${branch}\nmark :${mark}\nauthor ${author} ${time} +0000\ncommitter ${author} ${time} +0000\n${data(message)}`);
    if (parent !== null) chunks.push(`from :${parent}\n`);
    for (const [path, lines] of changes) {
      chunks.push(lines === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(lines.join('\n') + '\n')}`);
    }
  };
  for (let c = 1; c <= commitCount; c++) {
    const changes = new Map<string, string[] | null>();
    const names = [...files.keys()];
    for (let k = randomInt(1, 4); k > 0; k--) {
      const name = names[randomInt(names.length)];
      const lines = files.get(name)!;
      if (randomInt(3) === 0) lines.splice(randomInt(lines.length), 1);
      lines.splice(randomInt(lines.length + 1), 0, FILLER[filler % FILLER.length](filler++));
      changes.set(name, lines);
    }
    const p = plantAt.get(c);
    if (p !== undefined) {
      const plant = PLANT_MAKERS[p % PLANT_MAKERS.length](p);
      plants.set(p, { ...plant, mark: c });
      const header = `# generated file ${p}`;
      changes.set(plant.file, [header, ...plant.lines]); // not in `files`: filler edits never touch it
    }
    for (const removed of removeAt.get(c) ?? []) {
      const plant = plants.get(removed);
      if (!plant || plant.mark === c) continue;
      changes.set(plant.file, null);
    }
    commit(c, 'main', c === 1 ? null : c - 1, changes, `change ${c}`);
    if (pendingWrite) await pendingWrite;
  }
  // A branch that is never merged, with its own planted secret: history means all refs.
  const branchBase = Math.floor(commitCount / 2);
  const branchPlant = PLANT_MAKERS[0](9999);
  plants.set(9999, { ...branchPlant, mark: commitCount + 1 });
  commit(commitCount + 1, 'feature/experiment', branchBase, new Map([[branchPlant.file, ['# experiment', ...branchPlant.lines]]]), 'experiment');
  commit(commitCount + 2, 'feature/experiment', commitCount + 1, new Map([['README.experiment', ['notes']]]), 'notes');

  importer.stdin.end();
  if ((await importDone) !== 0) throw new Error('git fast-import failed');
  execFileSync('git', ['checkout', '-q', '-f', 'main'], { cwd: dir, env: GIT_ENV });
  const marks = new Map(readFileSync(marksFile, 'utf8').trim().split('\n').map((l) => {
    const [mark, sha] = l.split(' ');
    return [Number(mark.slice(1)), sha] as const;
  }));
  const expected = [...plants.values()].map((p) => ({ commit: marks.get(p.mark)!, file: p.file, line: p.findingLine + 2 }));
  return { dir, commits: commitCount + 2, expected };
}

// ---------------------------------------------------------------- a real history without secrets
function npmHistory(specs: string[]): { dir: string; commits: number } {
  const dir = join(OUT, 'history-npm');
  const tarballs = join(OUT, 'npm-tarballs');
  mkdirSync(tarballs, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env: GIT_ENV });
  let time = 1_600_000_000;
  for (const spec of specs) {
    const [name, version] = spec.split(/@(?=[^@]+$)/);
    const file = join(tarballs, `${name.replace('/', '-')}-${version}.tgz`);
    if (!existsSync(file)) {
      const packed = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', tarballs], { encoding: 'utf8' }).trim().split('\n').pop()!;
      if (join(tarballs, packed) !== file) execFileSync('mv', [join(tarballs, packed), file]);
    }
    const target = join(dir, name);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', file, '-C', target, '--strip-components=1']);
    execFileSync('git', ['add', '-A'], { cwd: dir, env: GIT_ENV });
    time += 86_400;
    const when = `${time} +0000`;
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', `${spec}`], {
      cwd: dir,
      env: { ...GIT_ENV, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
    });
  }
  return { dir, commits: specs.length };
}

// ---------------------------------------------------------------- measurements
interface ChildScan {
  ms: number;
  /** CPU time of the scan: this process plus the git processes it ran. */
  cpuMs: number;
  rulesMs: number;
  maxRssKiB: number;
  commitsSeen: number;
  blobsScanned: number;
  bytesScanned: number;
  skipped: { tooLarge: number; binary: number };
  findings: { commit: string; file: string; line: number; ruleId: string; snippet: string; presentAtHead: boolean }[];
}

function childScan(repo: string): Promise<ChildScan> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child-scan', repo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`scan exited ${code}`))));
  });
}

/** Time and output size of `git log -p --all`, the floor any history scan built on git stands on. */
function gitLogPatch(repo: string): Promise<{ ms: number; bytes: number; cpuMs: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const cpuBefore = childrenCpuMs();
    const child = spawn('git', ['log', '-p', '--all', '--no-color', '--no-ext-diff'], { cwd: repo, env: GIT_ENV, stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (d: Buffer) => (bytes += d.length));
    child.on('close', (code) =>
      code === 0 ? resolvePromise({ ms: performance.now() - started, bytes, cpuMs: childrenCpuMs() - cpuBefore }) : reject(new Error(`git log exited ${code}`)),
    );
  });
}

async function speed(label: string, repo: string): Promise<ChildScan> {
  // Warm the page cache once, then alternate git and the scan; the best of
  // three of each, since other work on a shared machine only ever adds time.
  await gitLogPatch(repo);
  const gits: { ms: number; bytes: number; cpuMs: number }[] = [];
  const scans: ChildScan[] = [];
  for (let round = 0; round < 3; round++) {
    gits.push(await gitLogPatch(repo));
    scans.push(await childScan(repo));
  }
  const git = gits.reduce((a, b) => (b.ms < a.ms ? b : a));
  const scan = { ...scans.reduce((a, b) => (b.ms < a.ms ? b : a)), maxRssKiB: Math.max(...scans.map((s) => s.maxRssKiB)) };
  const ratio = git.ms / scan.ms;
  // CPU time is what a busy machine cannot inflate: the same ratio, counted in work done.
  const gitCpu = Math.min(...gits.map((g) => g.cpuMs));
  const scanCpu = Math.min(...scans.map((s) => s.cpuMs));
  console.log(
    `${label}: ${scan.commitsSeen} commits, ${scan.blobsScanned} file changes (${(scan.bytesScanned / 1e6).toFixed(1)} MB of added lines) scanned in ${scan.ms.toFixed(0)} ms ` +
      `(+ ${scan.rulesMs.toFixed(0)} ms loading rules once), ` +
      `peak RSS ${(scan.maxRssKiB / 1024).toFixed(0)} MiB; git log -p --all: ${git.ms.toFixed(0)} ms (${(git.bytes / 1e6).toFixed(1)} MB of patches); ` +
      `throughput ratio scan/git-log-p = ${ratio.toFixed(2)} ${ratio >= 0.5 ? '(≥ 0.5: target met)' : '(below the 0.5 target)'}; ` +
      `CPU time: git log -p ${gitCpu.toFixed(0)} ms, scan ${scanCpu.toFixed(0)} ms (node + its git), ratio ${(gitCpu / scanCpu).toFixed(2)}`,
  );
  return scan;
}

function walkFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walkFiles(path));
    else out.push(path);
  }
  return out;
}

function secretlintBinary(): string | null {
  const prefix = join(OUT, 'secretlint');
  const bin = join(prefix, 'node_modules', '.bin', 'secretlint');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'package.json'), '{"private":true}');
    const install = spawnSync('npm', ['install', '--silent', '--no-audit', '--no-fund', 'secretlint@13', '@secretlint/secretlint-rule-preset-recommend@13'], { cwd: prefix, encoding: 'utf8' });
    if (install.status !== 0) {
      console.log(`secretlint: could not install (${install.stderr.trim().split('\n').pop()})`);
      return null;
    }
  }
  writeFileSync(join(prefix, '.secretlintrc.json'), JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }));
  return bin;
}

interface SecretlintRun {
  ms: number;
  messages: { file: string; line: number; ruleId: string }[];
}

function runSecretlint(bin: string, dir: string): SecretlintRun {
  const prefix = join(OUT, 'secretlint');
  const started = performance.now();
  const run = spawnSync(bin, ['**/*', '--format', 'json', '--secretlintrc', join(prefix, '.secretlintrc.json'), '--no-color'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  const messages: SecretlintRun['messages'] = [];
  try {
    for (const result of JSON.parse(run.stdout) as { filePath: string; messages: { loc: { start: { line: number } }; ruleId: string }[] }[]) {
      for (const m of result.messages) messages.push({ file: relative(dir, result.filePath), line: m.loc.start.line, ruleId: m.ruleId });
    }
  } catch {
    console.log(`secretlint: unreadable output (${run.stderr.trim().slice(0, 200)})`);
  }
  return { ms, messages };
}

// ---------------------------------------------------------------- run
const failures: string[] = [];
const generated = await generateRepository(Number(values.commits));
console.log(`generated repository: ${generated.commits} commits on 2 branches, ${generated.expected.length} planted secrets (added, later removed)`);
const genScan = await speed('generated history', generated.dir);
const found = new Set(genScan.findings.map((f) => `${f.commit} ${f.file}:${f.line}`));
const missed = generated.expected.filter((e) => !found.has(`${e.commit} ${e.file}:${e.line}`));
const expectedKeys = new Set(generated.expected.map((e) => `${e.commit} ${e.file}:${e.line}`));
const extra = genScan.findings.filter((f) => !expectedKeys.has(`${f.commit} ${f.file}:${f.line}`));
console.log(`  planted secrets found with their introducing commit: ${generated.expected.length - missed.length}/${generated.expected.length}; other findings: ${extra.length}`);
for (const m of missed) console.log(`  missed: ${m.file}:${m.line} in ${m.commit}`);
for (const f of extra) console.log(`  unexpected: ${f.file}:${f.line} ${f.ruleId} ${f.snippet}`);
if (missed.length || extra.length) failures.push('generated history');

const workingTrees: { label: string; dir: string }[] = [{ label: 'generated repository', dir: generated.dir }];
if (values.npm && !values['no-npm']) {
  const specs = values.packages!.split(',').filter(Boolean);
  const npm = npmHistory(specs);
  workingTrees.push({ label: 'npm packages (last versions)', dir: npm.dir });
  console.log(`npm history: ${specs.length} package versions committed in turn (${specs.join(', ')})`);
  const npmScan = await speed('npm history', npm.dir);
  console.log(`  findings (all false positives: these packages hold no secrets): ${npmScan.findings.length}`);
  for (const f of npmScan.findings) console.log(`  false positive: ${f.file}:${f.line} ${f.ruleId} ${f.snippet}`);
  if (npmScan.findings.length) failures.push('npm history');
}

if (values.secretlint && !values['no-secretlint']) {
  const bin = secretlintBinary();
  if (bin) {
    builtinSecretRules(); // loaded once per process; secretlint's time below includes its start-up
    for (const { label, dir } of workingTrees) {
      const tree = walkFiles(dir);
      const started = performance.now();
      let ours = 0;
      let bytes = 0;
      for (const path of tree) {
        const text = readFileSync(path, 'utf8');
        bytes += text.length;
        ours += findSecrets(relative(dir, path), text).length;
      }
      const oursMs = performance.now() - started;
      const theirs = runSecretlint(bin, dir);
      console.log(
        `working tree, ${label} (${tree.length} files, ${(bytes / 1e6).toFixed(1)} MB): scanner ${ours} findings in ${oursMs.toFixed(0)} ms (in process, files read included); ` +
          `secretlint ${theirs.messages.length} findings in ${theirs.ms.toFixed(0)} ms (CLI, including its start-up)`,
      );
      for (const m of theirs.messages.slice(0, 5)) console.log(`  secretlint: ${m.file}:${m.line} ${m.ruleId}`);
    }
    const corpus = resolve(values.corpus ?? process.env.SCANNER_CORPUS ?? '../shared/corpus');
    const secretsDir = join(corpus, 'secrets');
    if (existsSync(secretsDir)) {
      const expectations = walkFiles(secretsDir).flatMap((p) => parseAnnotations(relative(secretsDir, p), readFileSync(p, 'utf8')));
      const sl = runSecretlint(bin, secretsDir);
      const slScore = score(expectations, sl.messages.map((m) => ({ ...m, type: 'HARDCODED_SECRET' })), { type: 'HARDCODED_SECRET' }).overall;
      const ourFindings = walkFiles(secretsDir).flatMap((p) => findSecrets(relative(secretsDir, p), readFileSync(p, 'utf8')));
      const ourScore = score(expectations, ourFindings, { type: 'HARDCODED_SECRET' }).overall;
      const fmt = (s: Counts) =>
        `precision ${((s.truePositives / Math.max(1, s.findings)) * 100).toFixed(1)}% recall ${((s.truePositives / s.ruleid) * 100).toFixed(1)}% (${s.truePositives}/${s.ruleid}, ${s.findings} reported)`;
      console.log(`corpus/secrets: scanner ${fmt(ourScore)}; secretlint (recommended preset) ${fmt(slScore)}`);
    }
  }
}

if (failures.length) {
  console.log(`FAILED: ${failures.join(', ')}`);
  process.exitCode = 1;
}
