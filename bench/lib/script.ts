// What every benchmark script does with its command line: `--help` prints the
// script's own header comment, and a bad argument ends it with exit 2 and a message.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Prints the leading `//` comment of the script at `scriptUrl` (its usage) and exits 0. */
export function printUsage(scriptUrl: string): never {
  const header = readFileSync(fileURLToPath(scriptUrl), 'utf8').split('\n');
  header.splice(header.findIndex((l) => !l.startsWith('//')));
  process.stdout.write(`${header.map((l) => l.slice(3)).join('\n')}\n`);
  process.exit(0);
}

/** A `fail(message)` that prefixes the script's name and exits 2. */
export function failer(script: string): (message: string) => never {
  return (message: string) => {
    process.stderr.write(`${script}: ${message}\n`);
    process.exit(2);
  };
}
