import type { Db } from './db/index.ts';

/** The current time; injectable so tests can move it (code expiry, resend waits, token expiry). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

// --- The adjustable app clock (outside production): base time + an offset kept in the database
// (settings key below), so every instance on one database agrees on "now" after an advance.
export const CLOCK_OFFSET_SETTING = 'app_clock_offset_ms';

export interface AdjustableClock extends Clock {
  /** The offset added to the base clock, in milliseconds (as of the last advance or refresh). */
  offsetMs(): number;
  /** Moves the clock forward for every instance (atomic in the database) and returns the new now. */
  advance(ms: number): Promise<Date>;
  /**
   * Re-reads the offset another instance may have advanced, with a read that starts after this
   * call: once it resolves, every move answered before the call is seen. Calls made while a read
   * is under way share the next one, so a busy instance reads once per round trip, not per call.
   */
  refresh(): Promise<void>;
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function' && typeof (clock as Partial<AdjustableClock>).refresh === 'function';
}

// A PGlite database is open in one process only, so the clocks on it share the offset in memory:
// an advance reaches them all at once and no request needs to read it again.
const pgliteOffsets = new WeakMap<Db, { offset: number }>();

/** A clock that reads `base()` plus an offset stored in the settings table. Never use in production. */
export async function createAdjustableClock(db: Db, base: Clock = systemClock): Promise<AdjustableClock> {
  const shared = db.kind === 'pglite';
  const state = (shared && pgliteOffsets.get(db)) || { offset: 0 };
  if (shared) pgliteOffsets.set(db, state);
  // The offset only grows, so a read that started before an advance never moves the clock back.
  const seen = (value: string | undefined) => {
    const n = value === undefined ? 0 : Number(value);
    if (Number.isFinite(n) && n > state.offset) state.offset = n;
  };
  const read = async () => {
    const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [CLOCK_OFFSET_SETTING]);
    seen(rows[0]?.value);
  };
  let reading: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (shared) return Promise.resolve();
    if (!reading) {
      reading = read().finally(() => {
        reading = null;
      });
      return reading;
    }
    // A read already under way may have started before this call: wait for the next one.
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return refresh();
      });
    return queued;
  };
  await read();
  const clock = (() => new Date(base().getTime() + state.offset)) as AdjustableClock;
  clock.offsetMs = () => state.offset;
  clock.refresh = refresh;
  clock.advance = async (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward: ms must be a finite number >= 0');
    const { rows } = await db.query<{ value: string }>(
      `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + $3::bigint)::text, updated_at = now()
       RETURNING value`,
      [CLOCK_OFFSET_SETTING, String(Math.round(ms)), Math.round(ms)],
    );
    seen(rows[0].value);
    return clock();
  };
  return clock;
}
