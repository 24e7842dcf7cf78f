// scanner users create | reset-password — dashboard logins.
import type { Command } from 'commander';
import { openAdminStore } from './keys.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export function registerUsersCommand(program: Command): void {
  const users = program.command('users').description('Manage dashboard users of the scan service');
  users
    .command('create')
    .description('Create a dashboard login (password from stdin, or a generated one printed once)')
    .requiredOption('--email <email>', 'login email')
    .option('--admin', 'may manage the account')
    .option('--password-stdin', 'read the password from standard input')
    .option('--account <id>', 'account of the user (default: the first account)')
    .option('--data-dir <dir>', 'embedded database directory (default ./.scanner/server)')
    .option('--create-database', 'create the embedded database if the data directory has none')
    .action(async (options: { email: string; admin?: boolean; passwordStdin?: boolean; account?: string; dataDir?: string; createDatabase?: boolean }) => {
      if (!/^[^@\s]+@[^@\s]+$/.test(options.email)) throw new Error(`--email: not an email address: ${options.email}`);
      let password: string;
      let generated = false;
      if (options.passwordStdin) {
        password = await readStdin();
        if (password.length < 8) throw new Error('the password must have at least 8 characters');
      } else {
        const { randomBytes } = await import('node:crypto');
        password = randomBytes(12).toString('base64url');
        generated = true;
      }
      const { store, config, close } = await openAdminStore(options.dataDir, options.createDatabase);
      try {
        const account = options.account
          ? await store.accounts.get(options.account)
          : ((await store.accounts.first()) ?? (await store.accounts.create('default', config.defaultPlan)));
        if (!account) throw new Error(`no account ${options.account}`);
        if (await store.users.findByEmail(options.email)) throw new Error(`a user with the email ${options.email.toLowerCase()} exists already`);
        const user = await store.users.create({ email: options.email, password, admin: Boolean(options.admin), accountId: account.id });
        process.stderr.write(`Created ${options.admin ? 'admin ' : ''}user ${user.id} <${options.email}> in account ${account.id}.\n`);
        if (generated) process.stdout.write(`${password}\n`);
      } finally {
        await close();
      }
    });
  users
    .command('reset-password')
    .description("Give a user a new password (stdin, or a generated one printed once), end their sessions and enable them: the way back in for a locked-out admin")
    .requiredOption('--email <email>', 'login email')
    .option('--password-stdin', 'read the password from standard input')
    .option('--data-dir <dir>', 'embedded database directory (default ./.scanner/server)')
    .action(async (options: { email: string; passwordStdin?: boolean; dataDir?: string }) => {
      const password = options.passwordStdin ? await readStdin() : (await import('node:crypto')).randomBytes(12).toString('base64url');
      if (password.length < 8) throw new Error('the password must have at least 8 characters');
      const { store, close } = await openAdminStore(options.dataDir, false);
      try {
        const user = await store.users.findByEmail(options.email);
        if (!user) throw new Error(`no user with the email ${options.email.toLowerCase()}`);
        await store.users.setPassword(user.accountId, user.id, password);
        await store.users.setDisabled(user.accountId, user.id, false);
        const ended = await store.sessions.deleteForUser(user.id);
        process.stderr.write(`New password for ${user.email} (${user.id}); ${ended} session${ended === 1 ? '' : 's'} ended.\n`);
        if (!options.passwordStdin) process.stdout.write(`${password}\n`);
      } finally {
        await close();
      }
    });
}
