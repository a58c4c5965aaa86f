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
  /** Re-reads the offset another instance may have advanced. */
  refresh(): Promise<void>;
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function' && typeof (clock as Partial<AdjustableClock>).refresh === 'function';
}

/** A clock that reads `base()` plus an offset stored in the settings table. Never use in production. */
export async function createAdjustableClock(db: Db, base: Clock = systemClock): Promise<AdjustableClock> {
  let offset = 0;
  const read = async () => {
    const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [CLOCK_OFFSET_SETTING]);
    const n = rows[0] ? Number(rows[0].value) : 0;
    offset = Number.isFinite(n) ? n : 0;
  };
  await read();
  const clock = (() => new Date(base().getTime() + offset)) as AdjustableClock;
  clock.offsetMs = () => offset;
  clock.refresh = read;
  clock.advance = async (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward: ms must be a finite number >= 0');
    const { rows } = await db.query<{ value: string }>(
      `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + $3::bigint)::text, updated_at = now()
       RETURNING value`,
      [CLOCK_OFFSET_SETTING, String(Math.round(ms)), Math.round(ms)],
    );
    offset = Number(rows[0].value);
    return clock();
  };
  return clock;
}
