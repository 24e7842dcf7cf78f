// What every part of a running service process shares.
import type { ServerResponse } from 'node:http';
import type { ServiceConfig, Plan } from './config.ts';
import type { EventHub } from './events.ts';
import type { Logger } from './logger.ts';
import type { JobQueue } from './queue.ts';
import type { Account, Store } from './store/store.ts';

export interface ServiceContext {
  config: ServiceConfig;
  store: Store;
  hub: EventHub;
  queue: JobQueue;
  log: Logger;
  /** Open SSE responses, ended first when the process shuts down. */
  openStreams: Set<ServerResponse>;
  watchers: WatcherRegistry;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account;
    plan: Plan;
    /** The API key the request came with (undefined on dashboard and public routes). */
    apiKeyId?: string;
  }
  interface FastifyContextConfig {
    /** Routes that need no API key (health, OpenAPI document). */
    public?: boolean;
  }
}

/**
 * Counts this process's SSE clients per job and cancels a GitHub scan whose
 * last client left and did not come back within the grace period.
 */
export class WatcherRegistry {
  private readonly counts = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly graceMs: number,
    private readonly onAbandoned: (jobId: string) => Promise<void>,
    private readonly log?: Pick<Logger, 'error'>,
  ) {}

  add(jobId: string): void {
    this.counts.set(jobId, (this.counts.get(jobId) ?? 0) + 1);
    const timer = this.timers.get(jobId);
    if (timer) {
      clearTimeout(timer);
      this.timers.delete(jobId);
    }
  }

  remove(jobId: string, autoCancel: boolean): void {
    const left = (this.counts.get(jobId) ?? 1) - 1;
    if (left > 0) {
      this.counts.set(jobId, left);
      return;
    }
    this.counts.delete(jobId);
    if (!autoCancel || this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(jobId);
      if (!this.counts.has(jobId)) {
        // A failed auto-cancel leaves a scan running (and billed) that nobody watches: say so.
        void this.onAbandoned(jobId).catch((error: unknown) => this.log?.error({ jobId, err: String(error) }, 'auto-cancel failed; the scan keeps running'));
      }
    }, this.graceMs);
    timer.unref();
    this.timers.set(jobId, timer);
  }

  /** At shutdown: streams close because the process goes, not because clients left. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
