// PATCH /home/login: the signed-in user changes the password (as changePassword does) or the login
// e-mail. A new e-mail is proved by a six-digit code sent to it (kept as an HMAC in
// login_email_changes, one pending change per user: 10 minutes, 5 tries, one code per 60 s, checks
// rate limited like one-time codes); once confirmed the old address is told, so a stolen session
// cannot move the login away unnoticed.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { checkCurrentPassword } from './current-password.ts';
import { ApiError, messages } from '../../errors.ts';
import { fieldErrors } from '../../payments/billing.ts';
import { principalOf, type OperationHandler, type Services } from '../types.ts';
import { changePassword } from './account.ts';
import { OTP_EXPIRES_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS } from './otp.ts';
import { findUserByEmail, findUserById, type UserRow } from './session.ts';

export const LOGIN_MESSAGES = {
  sameEmail: 'This is already your login e-mail.',
  emailTaken: 'This e-mail address is already used by another account.',
} as const;

const emailTaken = () => new ApiError(409, LOGIN_MESSAGES.emailTaken, { errorCode: 'REG003', fields: { newEmail: LOGIN_MESSAGES.emailTaken } });
const incorrect = () => new ApiError(400, messages.otpIncorrect, { errorCode: 'OTP001' });
const tooManyAttempts = () => new ApiError(400, messages.otpTooManyAttempts, { errorCode: 'OTP002' });

function hashCode(services: Services, userId: number, email: string, code: string): string {
  return createHmac('sha256', services.codePepper).update(`login-email:${userId}:${email}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function signedInUser(services: Services, userId: number): Promise<UserRow> {
  const user = await findUserById(services.db, userId);
  if (!user) throw new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });
  return user;
}

async function refuseTaken(services: Services, user: UserRow, email: string): Promise<void> {
  if (email === user.email) throw fieldErrors({ newEmail: LOGIN_MESSAGES.sameEmail });
  const other = await findUserByEmail(services.db, email);
  if (other && other.id !== user.id) throw emailTaken();
}

async function sendCode(services: Services, user: UserRow, newEmail: string): Promise<void> {
  const now = services.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    const { rows } = await tx.query<{ created_at: Date | string }>('SELECT created_at FROM login_email_changes WHERE user_id = $1', [user.id]);
    if (rows[0]) {
      const elapsed = (now.getTime() - new Date(rows[0].created_at).getTime()) / 1000;
      if (elapsed < OTP_RESEND_SECONDS) {
        const retryAfterSeconds = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsed));
        throw new ApiError(429, `${messages.otpResendTooSoon} You can ask for a new code in ${retryAfterSeconds} seconds.`, { errorCode: 'OTP004', retryAfterSeconds });
      }
    }
    // A new code replaces the pending change (and its count of tries).
    await tx.query(
      `INSERT INTO login_email_changes (user_id, new_email, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, $3, 0, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET new_email = $2, code_hash = $3, attempts = 0, created_at = $4, expires_at = $5`,
      [user.id, newEmail, hashCode(services, user.id, newEmail, code), now, new Date(now.getTime() + OTP_EXPIRES_SECONDS * 1000)],
    );
  });
  await services.mailer.send({
    to: newEmail,
    subject: 'Confirm your new login e-mail',
    text: `Your verification code is ${code}.\n\nEnter it in Profile Settings to make ${newEmail} the e-mail you sign in to the community portal with. It expires in ${OTP_EXPIRES_SECONDS / 60} minutes.\nIf you did not ask for it, you can ignore this e-mail.`,
  });
}

interface PendingRow {
  new_email: string;
  code_hash: string;
  attempts: number;
  expires_at: Date | string;
}

/** Checks the code and moves the login; a wrong try is counted even though the answer is an error. */
async function confirmEmail(services: Services, user: UserRow, newEmail: string, code: string): Promise<void> {
  const now = services.clock();
  const outcome = await services.db.transaction(async (tx): Promise<{ error: ApiError } | { done: true }> => {
    const { rows } = await tx.query<PendingRow>('SELECT new_email, code_hash, attempts, expires_at FROM login_email_changes WHERE user_id = $1 FOR UPDATE', [user.id]);
    const row = rows[0];
    if (!row || row.new_email !== newEmail) return { error: incorrect() };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { error: tooManyAttempts() };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { error: new ApiError(400, messages.otpExpired, { errorCode: 'OTP003' }) };
    if (!sameHash(row.code_hash, hashCode(services, user.id, newEmail, code))) {
      const attempts = row.attempts + 1;
      await tx.query('UPDATE login_email_changes SET attempts = $2 WHERE user_id = $1', [user.id, attempts]);
      return { error: attempts >= OTP_MAX_ATTEMPTS ? tooManyAttempts() : incorrect() };
    }
    const { rows: taken } = await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [newEmail, user.id]);
    if (taken.length > 0) return { error: emailTaken() };
    await tx.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, newEmail]);
    await tx.query('DELETE FROM login_email_changes WHERE user_id = $1', [user.id]);
    return { done: true };
  }).catch((error: unknown) => {
    // Another user took the address between the check and the update.
    if ((error as { code?: string }).code === '23505') return { error: emailTaken() };
    throw error;
  });
  if ('error' in outcome) throw outcome.error;
  await services.mailer.send({
    to: user.email,
    subject: 'Your login e-mail was changed',
    text: `The e-mail you sign in to the community portal with was changed from ${user.email} to ${newEmail}.\n\nIf you did not make this change, contact your management company right away.`,
  });
}

export const updateLogin: OperationHandler<'updateLogin'> = async (req, services) => {
  const principal = principalOf(req);
  // The contract admits exactly one of the three forms.
  const { currentPassword, newPassword, code } = req.body;
  const newEmail = req.body.newEmail?.toLowerCase();
  if (currentPassword !== undefined && newPassword !== undefined) {
    await changePassword({ ...req, operationId: 'changePassword', params: {}, query: {}, body: { currentPassword, newPassword } }, services);
    const user = await signedInUser(services, principal.userId);
    return { status: 200, body: { changed: 'password', loginEmail: user.email } };
  }
  const user = await signedInUser(services, principal.userId);
  if (currentPassword !== undefined && newEmail !== undefined) {
    await checkCurrentPassword(services, user, currentPassword, req.ip);
    await refuseTaken(services, user, newEmail);
    await sendCode(services, user, newEmail);
    return { status: 202, body: { pending: 'email', expiresInSeconds: OTP_EXPIRES_SECONDS, resendAfterSeconds: OTP_RESEND_SECONDS } };
  }
  if (newEmail === undefined || code === undefined) throw new ApiError(400, 'Send the current password with a new password or a new e-mail, or the new e-mail with its code.', { errorCode: 'VAL001' });
  await services.rateLimiter.consume('verifyOneTimePassword', newEmail, req.ip);
  await confirmEmail(services, user, newEmail, code);
  return { status: 200, body: { changed: 'email', loginEmail: newEmail } };
};
