// scanner keys create|list|revoke — API keys for scripts (the dashboard does the same).
import { existsSync } from 'node:fs';
import type { Command } from 'commander';

/**
 * The service's store for an administrative command. A missing embedded database is
 * created only when `create` says so: a mistyped --data-dir must not quietly start an
 * empty one whose keys no server ever reads.
 */
export async function openAdminStore(dataDir: string | undefined, create = false) {
  // The service (Fastify, databases) loads only for the commands that use it: `scanner scan` stays quick to start.
  const { openStore } = await import('../service/service.ts');
  const { loadServiceConfig } = await import('../service/config.ts');
  const { embeddedDatabaseFile } = await import('../service/store/db.ts');
  const file = embeddedDatabaseFile(loadServiceConfig({ dataDir }));
  if (file && !create && !existsSync(file)) {
    throw new Error(`no service database at ${file}: check --data-dir (or SCANNER_DATA_DIR), or pass --create-database to start a new one`);
  }
  return openStore({ dataDir });
}

const CREATE_DATABASE = ['--create-database', 'create the embedded database if the data directory has none'] as const;

export function registerKeysCommand(program: Command): void {
  const keys = program.command('keys').description('Manage API keys of the scan service');

  keys
    .command('create')
    .description('Create an API key; it is printed once and stored only as a hash')
    .requiredOption('--name <name>', 'what the key is for')
    .option('--plan <plan>', 'create a new account on this plan for the key (default: the first account)')
    .option('--account <id>', 'add the key to this existing account')
    .option('--json', 'print {"id", "key", "name", "account"}')
    .option('--data-dir <dir>', 'embedded database directory (default ./.scanner/server)')
    .option(...CREATE_DATABASE)
    .action(async (options: { name: string; plan?: string; account?: string; json?: boolean; dataDir?: string; createDatabase?: boolean }) => {
      const { store, config, close } = await openAdminStore(options.dataDir, options.createDatabase);
      try {
        let account;
        if (options.account) {
          account = await store.accounts.get(options.account);
          if (!account) throw new Error(`no account ${options.account}`);
        } else if (options.plan) {
          if (!config.plans[options.plan]) {
            throw new Error(`unknown plan "${options.plan}" (configured: ${Object.keys(config.plans).join(', ')})`);
          }
          account = await store.accounts.create(options.name, options.plan);
        } else {
          account = (await store.accounts.first()) ?? (await store.accounts.create('default', config.defaultPlan));
        }
        const { info, key } = await store.keys.create(account.id, options.name);
        if (options.json) {
          process.stdout.write(JSON.stringify({ id: info.id, key, name: info.name, account: account.id }) + '\n');
        } else {
          process.stdout.write(`${key}\n`);
          process.stderr.write(
            `Created key ${info.id} "${info.name}" for account ${account.id} (plan ${account.plan}). ` +
              `It is shown only now; send it as the x-api-key header.\n`,
          );
        }
      } finally {
        await close();
      }
    });

  keys
    .command('list')
    .description('List API keys (never the keys themselves)')
    .option('--json', 'print JSON')
    .option('--data-dir <dir>', 'embedded database directory (default ./.scanner/server)')
    .action(async (options: { json?: boolean; dataDir?: string }) => {
      const { store, close } = await openAdminStore(options.dataDir);
      try {
        const list = await store.keys.list();
        if (options.json) {
          process.stdout.write(JSON.stringify(list) + '\n');
          return;
        }
        for (const k of list) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : `last used ${k.lastUsedAt ?? 'never'}`;
          process.stdout.write(`${k.id}\t${k.name}\t${k.accountId}\t${k.prefix}…\tcreated ${k.createdAt}\t${state}\n`);
        }
      } finally {
        await close();
      }
    });

  keys
    .command('revoke')
    .description('Revoke an API key; requests with it get 401 from then on')
    .argument('<id>', 'key id (key_…)')
    .option('--data-dir <dir>', 'embedded database directory (default ./.scanner/server)')
    .action(async (id: string, options: { dataDir?: string }) => {
      const { store, close } = await openAdminStore(options.dataDir);
      try {
        if (!(await store.keys.revoke(id))) throw new Error(`no active key ${id}`);
        process.stderr.write(`Revoked ${id}.\n`);
      } finally {
        await close();
      }
    });
}
