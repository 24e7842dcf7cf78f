// scanner worker — takes scans from the PostgreSQL queue (DATABASE_URL).
import type { Command } from 'commander';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('Run scans taken from the shared PostgreSQL queue (needs DATABASE_URL=postgres://…)')
    .option('--concurrency <n>', 'scans this worker runs at once (default 2)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--concurrency: not a positive integer: ${v}`);
      return n;
    })
    .action(async (options: { concurrency?: number }) => {
      // The service (Fastify, databases) loads only for the commands that use it: `scanner scan` stays quick to start.
      const { closeOnSignals, startWorker } = await import('../service/service.ts');
      if (!process.env.DATABASE_URL) throw new Error('scanner worker needs DATABASE_URL=postgres://…');
      const worker = await startWorker({ scanConcurrency: options.concurrency });
      closeOnSignals(() => worker.close(), worker.core.log);
    });
}
