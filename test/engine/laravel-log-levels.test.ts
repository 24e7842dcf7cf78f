// A Laravel channel drops log calls below its `level`, which the project's `config/logging.php` sets (read as
// framework configuration, project/manifests.ts): where no channel's level is at or below a call's level, the
// `Log` facade's line is not written in a deployment that keeps the defaults, and is no log injection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const controller = [
  '<?php',
  'namespace App\\Http\\Controllers;',
  'use Illuminate\\Http\\Request;',
  'use Illuminate\\Support\\Facades\\Log;',
  'use Psr\\Log\\LoggerInterface;',
  'class SessionController extends Controller {',
  '  public function __construct(private LoggerInterface $logger) {}',
  '  public function store(Request $request) {',
  "    Log::debug('LDAP user ' . $request->input('username') . ' not found');",
  "    Log::info('Password reset for ' . $request->input('username'));",
  "    Log::notice('Lockout for ' . $request->input('username'));",
  "    Log::warning('Password reset for ' . $request->input('username'));",
  "    logger()->debug('Login by ' . $request->input('username'));",
  "    $this->logger->debug('Login by ' . $request->input('username'));",
  '  }',
  '}',
].join('\n');

const logging = (level: string, extra = '') =>
  [
    '<?php',
    'return [',
    "  'default' => env('LOG_CHANNEL', 'stack'),",
    "  'channels' => [",
    "    'stack' => ['driver' => 'stack', 'channels' => ['single']],",
    `    'single' => ['driver' => 'single', 'path' => storage_path('logs/laravel.log'), 'level' => ${level}],`,
    `    'slack' => ['driver' => 'slack', 'url' => env('LOG_SLACK_WEBHOOK_URL'), 'level' => env('LOG_LEVEL', 'critical')],${extra}`,
    '  ],',
    '];',
  ].join('\n');

async function logInjections(files: Record<string, string>): Promise<number[]> {
  return findingLines(await scanProject({ 'app/Http/Controllers/SessionController.php': controller, ...files }), 'LOG_INJECTION');
}

test('Log calls below every channel level config/logging.php sets are not reported', async () => {
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("env('LOG_LEVEL', 'warning')") }), [12, 14]);
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("env('LOG_LEVEL', 'notice')") }), [11, 12, 14]);
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("'info'") }), [10, 11, 12, 14]);
});

test('with a debug channel, a level that is not a literal, or no config/logging.php, every level is reported', async () => {
  const all = [9, 10, 11, 12, 13, 14];
  // Laravel's skeleton.
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("env('LOG_LEVEL', 'debug')") }), all);
  // One channel at debug is enough: which one is the default is not read.
  const daily = "\n    'daily' => ['driver' => 'daily', 'path' => storage_path('logs/laravel.log'), 'level' => 'debug'],";
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("env('LOG_LEVEL', 'warning')", daily) }), all);
  // No default: Laravel logs at debug.
  assert.deepEqual(await logInjections({ 'config/logging.php': logging("env('LOG_LEVEL')") }), all);
  assert.deepEqual(await logInjections({ 'config/logging.php': logging('\\Monolog\\Level::Warning') }), all);
  assert.deepEqual(await logInjections({}), all);
  // The same text elsewhere than the application's config folder is not its configuration.
  assert.deepEqual(await logInjections({ 'tests/fixtures/logging.php': logging("env('LOG_LEVEL', 'warning')") }), all);
});
