// Where the built-in rule files live, in a module of its own: a cached re-scan needs the
// folder (its files' metadata key the result) without loading the rule loader.
import { fileURLToPath } from 'node:url';

export const BUILTIN_RULES_DIR = fileURLToPath(new URL('../../../rules/', import.meta.url));
