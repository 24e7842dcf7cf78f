// scanner worker — takes scans from the PostgreSQL queue (DATABASE_URL).
import type { Command } from 'commander';
import { InvalidArgumentError } from './commander.ts';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('Run scans taken from the shared PostgreSQL queue (needs DATABASE_URL=postgres://…)')
    .option(
      '--concurrency <n>',
      'commit scans this worker runs at once, and GitHub scans (clones) unless SCANNER_CLONE_CONCURRENCY sets their own; the others wait in the queue ' +
        '(default 2, env SCANNER_SCAN_CONCURRENCY)',
      (v) => {
        if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 256) throw new InvalidArgumentError('expected a whole number from 1 to 256.');
        return Number(v);
      },
    )
    .action(async (options: { concurrency?: number }) => {
      // The service (Fastify, databases) loads only for the commands that use it: `scanner scan` stays quick to start.
      const { closeOnSignals, startWorker } = await import('../service/service.ts');
      if (!process.env.DATABASE_URL) throw new Error('scanner worker needs DATABASE_URL=postgres://…');
      const worker = await startWorker({ scanConcurrency: options.concurrency });
      closeOnSignals(() => worker.close(), worker.core.log);
    });
}
