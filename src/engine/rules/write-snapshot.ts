// `npm run build` runs this after compiling: snapshots the built-in rule files
// (see snapshot.ts) next to the compiled engine.
import { loadRuleSet } from './load.ts';
import { builtinSecretRules } from '../secrets/rules.ts';
import { writeSnapshot } from './snapshot.ts';

const files = writeSnapshot(() => {
  loadRuleSet();
  builtinSecretRules();
});
process.stdout.write(`rules snapshot: ${files} rule files\n`);
