// The `scanner` command. Each subcommand lives in its own file and registers
// itself here with one line.
import { Command, CommanderError } from './commander.ts';
import { PACKAGE_VERSION } from './package-info.ts';
import { registerScanCommand } from './scan.ts';
import { registerMcpCommand } from './mcp.ts';
import { registerConnectCommand } from './connect.ts';
import { registerServeCommand } from './serve.ts';
import { registerWorkerCommand } from './worker.ts';
import { registerKeysCommand } from './keys.ts';
import { registerUsersCommand } from './users.ts';

const program = new Command('scanner')
  .description('Code security scanning: taint analysis, risky configuration and secrets, offline')
  .version(PACKAGE_VERSION)
  // Usage errors (unknown option, bad choice) must exit 2, not commander's default 1:
  // exit 1 means "findings" to CI. Subcommands inherit this.
  .exitOverride();

registerScanCommand(program);
registerMcpCommand(program);
registerConnectCommand(program);
registerServeCommand(program);
registerWorkerCommand(program);
registerKeysCommand(program);
registerUsersCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander already printed the message (or the help / version, which exit 0).
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  process.stderr.write(`scanner: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
