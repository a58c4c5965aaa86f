// The current password asked again by a signed-in user (to change the password or the login
// e-mail): limited like sign-in, and a wrong one counts toward the account's password pause, so a
// session left open is no way around the 10-in-15-minutes limit (server/auth/password-pause.ts).
import { ApiError, messages } from '../../errors.ts';
import type { Services } from '../types.ts';
import type { UserRow } from './session.ts';

export async function checkCurrentPassword(services: Services, user: Pick<UserRow, 'email' | 'password_hash'>, password: string, ip: string): Promise<void> {
  await services.rateLimiter.consume('authenticate', user.email, ip);
  await services.rateLimiter.passwordPause.check(user.email);
  if (!(await services.passwords.verify(user.password_hash, password))) {
    await services.rateLimiter.passwordPause.countWrong(user.email);
    // 400, not 401: a 401 would sign the user out of the portal.
    throw new ApiError(400, messages.currentPasswordIncorrect, { errorCode: 'PWD001' });
  }
}
