// Live delivery of persisted job events. Every event is written to the store
// first; the hub then tells the processes that follow the job ("poke"), and
// each process reads the new events once per job and fans them out to its
// SSE clients and runners. Embedded mode pokes in-process; with PostgreSQL
// the poke travels by LISTEN/NOTIFY so API nodes see scans run by any worker.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from './logger.ts';
import type { Store, StoredEvent } from './store/store.ts';

export const TERMINAL_EVENT_TYPES = new Set(['completed', 'failed']);
const CHANNEL = 'scanner_job_events';

export interface PokeTransport {
  poke(jobId: string): Promise<void>;
  onPoke(listener: (jobId: string | null) => void): void;
  close(): Promise<void>;
}

export class LocalTransport implements PokeTransport {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async poke(jobId: string): Promise<void> {
    this.emitter.emit('poke', jobId);
  }
  onPoke(listener: (jobId: string | null) => void): void {
    this.emitter.on('poke', listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** LISTEN/NOTIFY on a dedicated connection that reconnects after the database restarts. */
export class PostgresTransport implements PokeTransport {
  private client: pg.Client | null = null;
  private closed = false;
  private readonly listeners: ((jobId: string | null) => void)[] = [];
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', (error) => {
      this.log('event listener connection lost', error);
      this.scheduleReconnect();
    });
    client.on('end', () => this.scheduleReconnect());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.emit(message.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
    // Events may have been written while nobody listened: everyone catches up.
    this.emit(null);
  }

  private scheduleReconnect(delayMs = 500): void {
    if (this.closed || this.reconnectTimer) return;
    const old = this.client;
    this.client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => {});
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error) => {
        this.log('event listener reconnect failed', error);
        this.scheduleReconnect(Math.min(delayMs * 2, 5000));
      });
    }, delayMs);
    this.reconnectTimer.unref();
  }

  private emit(jobId: string | null): void {
    for (const listener of this.listeners) listener(jobId);
  }

  async poke(jobId: string): Promise<void> {
    try {
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, jobId]);
    } catch (error) {
      // Followers also poll, so a lost poke only delays delivery.
      this.log('notify failed', error);
    }
    // Local followers need not wait for the round trip.
    this.emit(jobId);
  }

  onPoke(listener: (jobId: string | null) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

type Listener = (events: StoredEvent[]) => void;

interface Feed {
  lastSeq: number;
  listeners: Set<Listener>;
  reading: boolean;
  readAgain: boolean;
}

export class EventHub {
  private readonly feeds = new Map<string, Promise<Feed>>();
  private pollTimer: NodeJS.Timeout | null = null;
  private readFailing = false;
  private readonly log?: Pick<Logger, 'info' | 'warn' | 'error'>;

  constructor(
    private readonly store: Store,
    private readonly transport: PokeTransport,
    options: { pollMs?: number; log?: Pick<Logger, 'info' | 'warn' | 'error'> } = {},
  ) {
    this.log = options.log;
    transport.onPoke((jobId) => {
      if (jobId === null) for (const id of this.feeds.keys()) void this.read(id);
      else if (this.feeds.has(jobId)) void this.read(jobId);
    });
    if (options.pollMs) {
      this.pollTimer = setInterval(() => {
        for (const id of this.feeds.keys()) void this.read(id);
      }, options.pollMs);
      this.pollTimer.unref();
    }
  }

  /** Tell every follower of the job that new events are in the store. */
  async published(jobId: string): Promise<void> {
    await this.transport.poke(jobId);
  }

  /**
   * Follows a job's events from now on. Subscribe before reading the
   * backlog; events seen in both are told apart by their sequence number.
   */
  async subscribe(jobId: string, listener: Listener): Promise<() => void> {
    let feed = this.feeds.get(jobId);
    if (!feed) {
      feed = this.store.events.lastSeq(jobId).then((lastSeq) => ({
        lastSeq,
        listeners: new Set<Listener>(),
        reading: false,
        readAgain: false,
      }));
      this.feeds.set(jobId, feed);
      feed.catch(() => this.feeds.delete(jobId));
    }
    const ready = await feed;
    ready.listeners.add(listener);
    return () => {
      ready.listeners.delete(listener);
      if (ready.listeners.size === 0 && this.feeds.get(jobId) === feed) this.feeds.delete(jobId);
    };
  }

  private async read(jobId: string): Promise<void> {
    const pending = this.feeds.get(jobId);
    if (!pending) return;
    const feed = await pending;
    if (feed.reading) {
      feed.readAgain = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.readAgain = false;
        for (;;) {
          const events = await this.store.events.list(jobId, feed.lastSeq, 500);
          if (events.length === 0) break;
          feed.lastSeq = events[events.length - 1].seq;
          for (const listener of [...feed.listeners]) {
            try {
              listener(events);
            } catch (error) {
              // One broken follower must not starve the others, but it is a bug to hear about.
              this.log?.error({ jobId, err: String(error) }, 'an event follower failed');
            }
          }
          if (events.length < 500) break;
        }
      } while (feed.readAgain);
      if (this.readFailing) {
        this.readFailing = false;
        this.log?.info('reading job events works again');
      }
    } catch (error) {
      // The database may be restarting; the next poke or poll reads again. Said once per outage.
      if (!this.readFailing) {
        this.readFailing = true;
        this.log?.warn({ jobId, err: String(error) }, 'reading job events failed; followers retry at the next poke or poll');
      }
    } finally {
      feed.reading = false;
    }
  }

  followedJobs(): number {
    return this.feeds.size;
  }

  async close(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.feeds.clear();
    await this.transport.close();
  }
}
