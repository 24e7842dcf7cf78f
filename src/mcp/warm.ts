// Right after the MCP handshake, the engine loads and analyses a one-line file in
// each of the two languages the working directory has most of: rules, compiled
// queries and grammars are then ready when the agent's first diff scan arrives,
// and that scan can answer within its budget like the next ones. Background work
// only; a failure costs nothing but the head start.
import path from 'node:path';
import { loadEngine } from './lazy.ts';
import { git } from './repo.ts';
import { debug } from './log.ts';

/** A file name per language family, by the extensions that pick it. */
const SAMPLES: [RegExp, string][] = [
  [/^(ts|mts|cts)$/, 'warm-up.ts'],
  [/^tsx$/, 'warm-up.tsx'],
  [/^(js|mjs|cjs|jsx)$/, 'warm-up.js'],
  [/^(py|pyw)$/, 'warm-up.py'],
  [/^go$/, 'warm-up.go'],
  [/^java$/, 'warm-up.java'],
  [/^(php|phtml)$/, 'warm-up.php'],
  [/^(rb|rake)$/, 'warm-up.rb'],
  [/^(cs|csx)$/, 'warm-up.cs'],
];

export async function warmUp(cwd: string): Promise<void> {
  const started = performance.now();
  try {
    const { scanSourceFiles } = await loadEngine();
    const counts = new Map<string, number>();
    const listing = await git(cwd, ['ls-files', '-z']).catch(() => '');
    for (const file of listing.split('\0')) {
      const ext = path.extname(file).slice(1).toLowerCase();
      const sample = SAMPLES.find(([pattern]) => pattern.test(ext))?.[1];
      if (sample) counts.set(sample, (counts.get(sample) ?? 0) + 1);
    }
    const samples = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([name]) => name);
    if (samples.length === 0) samples.push('warm-up.js');
    await scanSourceFiles(
      samples.map((name) => ({ path: name, content: Buffer.from('x\n') })),
      { cacheDir: null, jobs: 1 },
    );
    debug(`engine warm for ${samples.join(', ')} in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    debug('engine warm-up failed', error);
  }
}
