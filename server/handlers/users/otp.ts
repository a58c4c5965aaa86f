// One-time codes by e-mail: login without a password, and the forgot-login reset.
// Six digits, stored as an HMAC, valid 10 minutes, dead after 5 wrong tries, one per 60 s.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, messages } from '../../errors.ts';
import { passwordFingerprint } from '../../auth/tokens.ts';
import type { OperationHandler, Services } from '../types.ts';
import { findUserByEmail, findUserById, sessionFor } from './session.ts';
import { codesLockedUntil, codesPausedError, countWrongCode, tellOwnerCodesPaused } from './code-lockout.ts';

export const OTP_RESEND_SECONDS = 60;
export const OTP_EXPIRES_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;

type Purpose = 'login' | 'reset';

function hashCode(services: Services, email: string, purpose: Purpose, code: string): string {
  return createHmac('sha256', services.codePepper).update(`${purpose}:${email}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const requestOneTimePassword: OperationHandler<'requestOneTimePassword'> = async (req, services) => {
  const body = req.body;
  const email = body.email.toLowerCase();
  await services.rateLimiter.consume('requestOneTimePassword', req.ip);
  const now = services.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const user = await services.db.transaction(async (tx) => {
    // One request at a time per e-mail and purpose, across instances.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`otp:${body.purpose}:${email}`]);
    const { rows } = await tx.query<{ created_at: Date | string }>(
      'SELECT created_at FROM one_time_codes WHERE email = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1',
      [email, body.purpose],
    );
    if (rows[0]) {
      const elapsed = (now.getTime() - new Date(rows[0].created_at).getTime()) / 1000;
      if (elapsed < OTP_RESEND_SECONDS) {
        const retryAfterSeconds = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsed));
        throw new ApiError(429, `${messages.otpResendTooSoon} You can ask for a new code in ${retryAfterSeconds} seconds.`, {
          errorCode: 'OTP004',
          retryAfterSeconds,
        });
      }
    }
    // Codes older than a day are of no use to anyone.
    await tx.query(`DELETE FROM one_time_codes WHERE email = $1 AND purpose = $2 AND created_at < $3`, [email, body.purpose, new Date(now.getTime() - 24 * 3600 * 1000)]);
    const found = await findUserByEmail(tx, email);
    // Older codes for this e-mail and purpose stop working when a new one is issued.
    await tx.query('UPDATE one_time_codes SET used_at = $3 WHERE email = $1 AND purpose = $2 AND used_at IS NULL', [email, body.purpose, now]);
    await tx.query(
      `INSERT INTO one_time_codes (email, purpose, user_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [email, body.purpose, found?.id ?? null, hashCode(services, email, body.purpose, code), now, new Date(now.getTime() + OTP_EXPIRES_SECONDS * 1000)],
    );
    return found;
  });
  // An account whose codes are paused gets the same answer, and a reminder instead of a code.
  const pausedUntil = user ? await codesLockedUntil(services.db, user.id, now) : null;
  if (user && pausedUntil) await tellOwnerCodesPaused(services, user.email, pausedUntil);
  else if (user) {
    const what = body.purpose === 'login' ? 'sign in to' : 'reset your password for';
    await services.mailer.send({
      to: user.email,
      subject: 'Your verification code',
      text: `Your verification code is ${code}.\n\nUse it to ${what} the community portal. It expires in ${OTP_EXPIRES_SECONDS / 60} minutes.\nIf you did not ask for it, you can ignore this e-mail.`,
    });
  }
  return { status: 202, body: { resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_EXPIRES_SECONDS } };
};

interface CodeRow {
  id: number;
  user_id: number | null;
  code_hash: string;
  attempts: number;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export const verifyOneTimePassword: OperationHandler<'verifyOneTimePassword'> = async (req, services) => {
  const body = req.body;
  const email = body.email.toLowerCase();
  await services.rateLimiter.consume('verifyOneTimePassword', email, req.ip);
  const now = services.clock();
  const userId = await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<CodeRow>(
      `SELECT id, user_id, code_hash, attempts, expires_at, used_at FROM one_time_codes
        WHERE email = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [email, body.purpose],
    );
    const row = rows[0];
    const accountId = row?.user_id != null ? Number(row.user_id) : null;
    const pausedUntil = accountId !== null ? await codesLockedUntil(tx, accountId, now) : null;
    if (pausedUntil) return { error: codesPausedError(pausedUntil, now) };
    if (!row || row.used_at !== null) return { error: new ApiError(400, messages.otpIncorrect, { errorCode: 'OTP001' }) };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { error: new ApiError(400, messages.otpTooManyAttempts, { errorCode: 'OTP002' }) };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { error: new ApiError(400, messages.otpExpired, { errorCode: 'OTP003' }) };
    const matches = row.user_id !== null && sameHash(row.code_hash, hashCode(services, email, body.purpose, body.code));
    if (!matches) {
      const attempts = row.attempts + 1;
      await tx.query('UPDATE one_time_codes SET attempts = $2 WHERE id = $1', [row.id, attempts]);
      const lockedUntil = accountId !== null ? await countWrongCode(tx, accountId, now) : null;
      if (lockedUntil) return { error: codesPausedError(lockedUntil, now), lockedUntil };
      return attempts >= OTP_MAX_ATTEMPTS
        ? { error: new ApiError(400, messages.otpTooManyAttempts, { errorCode: 'OTP002' }) }
        : { error: new ApiError(400, messages.otpIncorrect, { errorCode: 'OTP001' }) };
    }
    await tx.query('UPDATE one_time_codes SET used_at = $2 WHERE id = $1', [row.id, now]);
    return { userId: Number(row.user_id) };
  });
  // Errors are thrown after the transaction so the attempt count is committed.
  if ('error' in userId) {
    if ('lockedUntil' in userId && userId.lockedUntil) await tellOwnerCodesPaused(services, email, userId.lockedUntil);
    throw userId.error;
  }
  const user = await findUserById(services.db, userId.userId);
  if (!user) throw new ApiError(400, messages.otpIncorrect, { errorCode: 'OTP001' });
  if (body.purpose === 'login') return { status: 200, body: await sessionFor(user, services) };
  const resetToken = await services.tokens.issueReset({
    userId: user.id,
    customer: user.company_code,
    email: user.email,
    passwordFingerprint: passwordFingerprint(user.password_hash),
  });
  return { status: 200, body: { resetToken } };
};

export const resetPassword: OperationHandler<'resetPassword'> = async (req, services) => {
  const body = req.body;
  const email = body.email.toLowerCase();
  const claims = await services.tokens.verifyReset(body.resetToken);
  const invalid = () => new ApiError(400, messages.resetTokenInvalid, { errorCode: 'OTP005' });
  if (!claims || claims.email !== email) throw invalid();
  const user = await findUserById(services.db, claims.userId);
  if (!user || user.email !== email || passwordFingerprint(user.password_hash) !== claims.passwordFingerprint) throw invalid();
  const hash = await services.passwords.hash(body.password);
  const { rowCount } = await services.db.query('UPDATE users SET password_hash = $1, password_changed_at = $2 WHERE id = $3 AND password_hash = $4', [
    hash,
    services.clock(),
    user.id,
    user.password_hash,
  ]);
  if (rowCount !== 1) throw invalid(); // used twice at once
  // A reset means the password may be known to someone else: every session ends.
  await services.sessions.endAllOf(user.id);
  return { status: 204 };
};
