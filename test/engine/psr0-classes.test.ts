// PHP classes named the PEAR / PSR-0 way (`Lib_Log` in `lib/Lib/Log.php`, Zend 1, Twig 1, Horde and many
// frameworks of their own) are found from any directory by their name's path, as classes named for their file are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function logInjection(files: Record<string, string>): Promise<string[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'LOG_INJECTION').map((f) => `${f.file}:${f.line}`);
}

const logger = ['<?php', 'class Lib_Log {', '    public static function warning(string $message): void {', '        syslog(LOG_WARNING, $message);', '    }', '}', ''].join('\n');
const controller = (call: string) => ['<?php', 'class ImportController {', '    public function importAction(): void {', `        ${call}`, '    }', '}', ''].join('\n');

test('PHP: Lib_Log::warning() runs the class of lib/Lib/Log.php, from another directory', async () => {
  assert.deepEqual(
    await logInjection({ 'lib/Lib/Log.php': logger, 'app/Controllers/ImportController.php': controller("Lib_Log::warning('import failed: ' . $_GET['name']);") }),
    ['lib/Lib/Log.php:4'],
  );
});

test('PHP: a class whose name is not its path is not taken for it', async () => {
  // `Other_Log` names lib/Other/Log.php, which does not exist: lib/Lib/Log.php is not it.
  assert.deepEqual(
    await logInjection({ 'lib/Lib/Log.php': logger.replace('Lib_Log', 'Other_Log'), 'app/Controllers/ImportController.php': controller("Other_Log::warning('import failed: ' . $_GET['name']);") }),
    [],
  );
});
