// Each instance keeps every stored value in memory. A save on this instance drops it at once; other
// instances read the table again when their copy is older than the refresh period (5 s), or at
// once when REDIS_URL is set: a save is then announced on a Redis channel.
import { Redis } from 'ioredis';
import type { Db } from '../db/index.ts';
import { readAll, type StoredRows } from './store.ts';

export const SETTINGS_REFRESH_MS = 5_000;
const CHANNEL = 'portal:settings:changed';

export interface SettingsCache {
  rows(): Promise<StoredRows>;
  /** Forgets the copy (this instance) and tells the others (Redis). */
  changed(): Promise<void>;
  close(): Promise<void>;
}

export async function createSettingsCache(options: { db: Db; refreshMs?: number; redisUrl?: string; now?: () => number }): Promise<SettingsCache> {
  const { db } = options;
  const refreshMs = options.refreshMs ?? SETTINGS_REFRESH_MS;
  const now = options.now ?? Date.now;
  let version = 0;
  let copy: { rows: StoredRows; version: number; at: number } | null = null;
  let loading: { promise: Promise<StoredRows>; version: number } | null = null;

  const load = (): Promise<StoredRows> => {
    if (loading && loading.version === version) return loading.promise;
    const started = { version, at: now() };
    const promise = readAll(db).then(
      (rows) => {
        if (!copy || copy.version <= started.version) copy = { rows, ...started };
        if (loading?.promise === promise) loading = null;
        return rows;
      },
      (error: unknown) => {
        if (loading?.promise === promise) loading = null;
        throw error;
      },
    );
    loading = { promise, version };
    return promise;
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
    subscriber.on('message', () => {
      version++;
    });
    await subscriber.subscribe(CHANNEL);
  }

  return {
    async rows() {
      const c = copy;
      if (c && c.version === version && now() - c.at < refreshMs) return c.rows;
      return load();
    },
    async changed() {
      version++;
      // The database already holds the change; a lost message is caught up within refreshMs.
      if (publisher) await publisher.publish(CHANNEL, '1').catch(() => undefined);
    },
    async close() {
      for (const connection of [subscriber, publisher]) await connection?.quit().catch(() => connection.disconnect());
    },
  };
}
