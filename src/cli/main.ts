// The `scanner` command. Each subcommand lives in its own file and registers
// itself here with one line.
import { Command, CommanderError } from 'commander';
import { registerMcpCommand } from './mcp.ts';
import { registerConnectCommand } from './connect.ts';

const program = new Command('scanner')
  .description('Code security scanning: taint analysis, risky configuration and secrets, offline')
  .exitOverride();

registerMcpCommand(program);
registerConnectCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  process.stderr.write(`scanner: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
