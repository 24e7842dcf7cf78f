// Secret findings on code that holds no credentials (package sources, standard
// libraries): every finding printed is a false positive or a test key to review.
//   node --import tsx bench/secrets-real-code.ts DIR [DIR…]
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { builtinSecretRules, findSecrets } from '../src/engine/secrets/index.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: bench/secrets-real-code.ts DIR [DIR…]');
  process.exit(2);
}
builtinSecretRules();
for (const root of dirs) {
  let files = 0;
  let bytes = 0;
  const byRule = new Map<string, number>();
  const started = performance.now();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const info = lstatSync(path);
      if (info.isDirectory()) walk(path);
      else if (info.isFile() && info.size < 2_000_000) {
        const content = readFileSync(path);
        if (content.subarray(0, 8000).includes(0)) continue; // binary, as the engine skips it
        const text = content.toString('utf8');
        files++;
        bytes += text.length;
        for (const f of findSecrets(relative(root, path), text)) {
          byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
          console.log(`  ${f.file}:${f.line} ${f.ruleId} ${f.snippet.slice(0, 120)}`);
        }
      }
    }
  };
  walk(root);
  const seconds = (performance.now() - started) / 1000;
  const findings = [...byRule.values()].reduce((a, b) => a + b, 0);
  console.log(`${root}: ${files} text files, ${(bytes / 1e6).toFixed(1)} MB, ${findings} findings ${JSON.stringify(Object.fromEntries(byRule))}, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s (files read included)`);
}
