// One-time codes per account: besides the per e-mail and IP rate limit, an account takes at most
// OTP_ACCOUNT_DAILY_WRONG_LIMIT wrong codes a day from all addresses together. Past that it takes
// no codes (login or reset) for OTP_ACCOUNT_LOCK_HOURS and its owner is told by e-mail; signing in
// with the password still works.
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { Services } from '../types.ts';

export const OTP_ACCOUNT_DAILY_WRONG_LIMIT = 20;
export const OTP_ACCOUNT_LOCK_HOURS = 24;
const DAY_MS = 24 * 3600 * 1000;

export const codesPausedMessage = 'Too many incorrect codes were entered for this account. Codes are paused for 24 hours; you can still sign in with your password.';

/** When the account takes codes again, or null when it takes them now. */
export async function codesLockedUntil(db: Queryable, userId: number, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date | string | null }>('SELECT locked_until FROM one_time_code_lockouts WHERE user_id = $1', [userId]);
  const until = rows[0]?.locked_until ? new Date(rows[0].locked_until) : null;
  return until && until.getTime() > now.getTime() ? until : null;
}

export function codesPausedError(until: Date, now: Date): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError(429, codesPausedMessage, { errorCode: 'OTP006', retryAfterSeconds });
}

/** Counts one wrong code for the account; returns the lock's end when this one locked it. */
export async function countWrongCode(db: Queryable, userId: number, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ wrong_codes: number }>(
    `INSERT INTO one_time_code_lockouts (user_id, window_start, wrong_codes) VALUES ($1, $2, 1)
     ON CONFLICT (user_id) DO UPDATE SET
       wrong_codes = CASE WHEN one_time_code_lockouts.window_start <= $3 THEN 1 ELSE one_time_code_lockouts.wrong_codes + 1 END,
       window_start = CASE WHEN one_time_code_lockouts.window_start <= $3 THEN $2 ELSE one_time_code_lockouts.window_start END
     RETURNING wrong_codes`,
    [userId, now, new Date(now.getTime() - DAY_MS)],
  );
  if (Number(rows[0].wrong_codes) < OTP_ACCOUNT_DAILY_WRONG_LIMIT) return null;
  const until = new Date(now.getTime() + OTP_ACCOUNT_LOCK_HOURS * 3600 * 1000);
  // Only the attempt that locks it answers with the date (the owner is told once).
  const locked = await db.query(
    `UPDATE one_time_code_lockouts SET locked_until = $2, wrong_codes = 0, window_start = $3
      WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $3) RETURNING user_id`,
    [userId, until, now],
  );
  return locked.rows.length ? until : null;
}

export async function tellOwnerCodesPaused(services: Services, email: string, until: Date): Promise<void> {
  await services.mailer.send({
    to: email,
    subject: 'Sign-in codes paused for your account',
    text:
      `Someone entered ${OTP_ACCOUNT_DAILY_WRONG_LIMIT} incorrect verification codes for your community portal account today.\n\n` +
      `To protect your account, verification codes are paused until ${until.toUTCString()}. You can still sign in with your password.\n` +
      'If this was not you, consider changing your password.',
  });
}
