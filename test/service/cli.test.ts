// scanner keys create|list|revoke and scanner users create, run as a user would.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDb } from '../../src/service/store/db.ts';
import { verifyPassword } from '../../src/service/secrets.ts';
import { tempDir } from './harness.ts';

const run = promisify(execFile);
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/scanner.js');

function scanner(args: string[], input?: string) {
  const child = run(process.execPath, [BIN, ...args], { env: { ...process.env, DATABASE_URL: '' } });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  return child;
}

describe('scanner keys and users', () => {
  it('creates a key shown once, lists it without the key, revokes it', async () => {
    const { dir, remove } = tempDir('cli');
    try {
      const created = JSON.parse((await scanner(['keys', 'create', '--name', 'ci', '--json', '--data-dir', dir, '--create-database'])).stdout);
      assert.deepEqual(Object.keys(created).sort(), ['account', 'id', 'key', 'name']);
      assert.match(created.key, /^scn_[A-Za-z0-9_-]{43}$/);
      assert.equal(created.name, 'ci');
      const team = JSON.parse((await scanner(['keys', 'create', '--name', 'team-key', '--plan', 'team', '--json', '--data-dir', dir])).stdout);
      assert.notEqual(team.account, created.account);
      const listed = JSON.parse((await scanner(['keys', 'list', '--json', '--data-dir', dir])).stdout);
      assert.equal(listed.length, 2);
      assert.equal(JSON.stringify(listed).includes(created.key), false, 'the key itself is never listed');
      assert.equal(listed[0].revokedAt, null);
      await scanner(['keys', 'revoke', created.id, '--data-dir', dir]);
      const after = JSON.parse((await scanner(['keys', 'list', '--json', '--data-dir', dir])).stdout);
      assert.ok(after.find((k: { id: string }) => k.id === created.id).revokedAt);
      await assert.rejects(scanner(['keys', 'revoke', created.id, '--data-dir', dir]), /no active key/);
      await assert.rejects(scanner(['keys', 'create', '--name', 'x', '--plan', 'gold', '--data-dir', dir]), /unknown plan/);
      const db = openDb({ dataDir: dir });
      try {
        const rows = await db.all<{ key_hash: string }>('SELECT key_hash FROM api_keys');
        assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash) && r.key_hash !== created.key));
      } finally {
        await db.close();
      }
    } finally {
      remove();
    }
  });

  it('refuses a data directory without a database unless told to create one', async () => {
    const { dir, remove } = tempDir('cli');
    try {
      const typo = path.join(dir, 'typo');
      for (const args of [
        ['keys', 'create', '--name', 'ci'],
        ['keys', 'list'],
        ['keys', 'revoke', 'key_x'],
        ['users', 'create', '--email', 'dev@example.test'],
      ]) {
        await assert.rejects(scanner([...args, '--data-dir', typo]), /no service database at .*typo.*--create-database/s, args.join(' '));
      }
      assert.equal(existsSync(typo), false, 'nothing was created');
      await scanner(['keys', 'create', '--name', 'ci', '--data-dir', typo, '--create-database']);
      assert.equal(existsSync(path.join(typo, 'scanner.db')), true);
      await scanner(['keys', 'create', '--name', 'again', '--data-dir', typo]);
    } finally {
      remove();
    }
  });

  it('keeps the database readable by its owner only (mode 600, folder 700), also one an older version made', { skip: process.platform === 'win32' }, async () => {
    const { dir, remove } = tempDir('cli');
    try {
      const dataDir = path.join(dir, 'server');
      const file = path.join(dataDir, 'scanner.db');
      const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);
      await scanner(['keys', 'create', '--name', 'ci', '--data-dir', dataDir, '--create-database']);
      assert.equal(mode(file), '600');
      assert.equal(mode(dataDir), '700');
      // A store that is open has its WAL beside it: the same mode.
      const db = openDb({ dataDir });
      try {
        await db.run("UPDATE accounts SET name = name WHERE 1 = 0");
        for (const part of [`${file}-wal`, `${file}-shm`]) if (existsSync(part)) assert.equal(mode(part), '600', part);
      } finally {
        await db.close();
      }
      chmodSync(file, 0o644);
      await scanner(['keys', 'list', '--data-dir', dataDir]);
      assert.equal(mode(file), '600', 'narrowed when opened');
    } finally {
      remove();
    }
  });

  it('creates a dashboard user with a scrypt password hash', async () => {
    const { dir, remove } = tempDir('cli');
    try {
      await scanner(['users', 'create', '--email', 'lead@example.test', '--admin', '--password-stdin', '--data-dir', dir, '--create-database'], 'correct horse battery\n');
      await assert.rejects(scanner(['users', 'create', '--email', 'nope', '--data-dir', dir]), /not an email/);
      await assert.rejects(scanner(['users', 'create', '--email', 'Lead@example.test', '--data-dir', dir]), /a user with the email lead@example\.test exists already/);
      // The way back in for a locked-out admin: a new password, sessions ended, enabled.
      const generated = (await scanner(['users', 'reset-password', '--email', 'LEAD@example.test', '--data-dir', dir])).stdout.trim();
      assert.match(generated, /^[A-Za-z0-9_-]{16}$/);
      await scanner(['users', 'reset-password', '--email', 'lead@example.test', '--password-stdin', '--data-dir', dir], 'correct horse battery\n');
      await assert.rejects(scanner(['users', 'reset-password', '--email', 'nobody@example.test', '--data-dir', dir]), /no user with the email nobody@example\.test/);
      await assert.rejects(scanner(['users', 'reset-password', '--email', 'lead@example.test', '--password-stdin', '--data-dir', dir], 'short\n'), /at least 8 characters/);
      const db = openDb({ dataDir: dir });
      try {
        const user = await db.get<{ email: string; password_hash: string; is_admin: number }>('SELECT email, password_hash, is_admin FROM users');
        assert.equal(user?.email, 'lead@example.test');
        assert.equal(user?.is_admin, 1);
        assert.match(user!.password_hash, /^scrypt\$/);
        assert.equal(await verifyPassword('correct horse battery', user!.password_hash), true);
        assert.equal(await verifyPassword('wrong', user!.password_hash), false);
      } finally {
        await db.close();
      }
    } finally {
      remove();
    }
  });
});
