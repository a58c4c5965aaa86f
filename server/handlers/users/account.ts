// Sign-in with password, the user record, password change, permissions and the profile
// configuration (the portal token: portal-token.ts).
import { ApiError, messages } from '../../errors.ts';
import { principalOf, type OperationHandler } from '../types.ts';
import { findUserByEmail, findUserById, sessionFor } from './session.ts';
import { checkCurrentPassword } from './current-password.ts';
import { endCallersMimic } from './mimic.ts';
import { originOf } from '../../audit/record.ts';
import { providerEndSessionUrl } from './sso-logout.ts';
import { forgetSessionRenewals } from '../../embedding/renewals.ts';
import { CLEARED_RENEWAL_COOKIE } from '../../embedding/cookie.ts';

export const authenticate: OperationHandler<'authenticate'> = async (req, services) => {
  const body = req.body;
  const email = body.email.toLowerCase();
  await services.rateLimiter.consume('authenticateIp', req.ip);
  await services.rateLimiter.consume('authenticate', email, req.ip);
  // While paused even the right password is refused: the pause is the account's, not the caller's.
  await services.rateLimiter.passwordPause.check(email);
  const user = await findUserByEmail(services.db, email);
  if (!user) await services.passwords.dummyVerify(body.password);
  if (!user || !(await services.passwords.verify(user.password_hash, body.password))) {
    await services.rateLimiter.passwordPause.countWrong(email);
    throw new ApiError(401, messages.invalidLogin, { errorCode: 'AUTH001' });
  }
  if (body.company !== undefined && body.company.toLowerCase() !== user.company_code) {
    throw new ApiError(401, messages.invalidLogin, { errorCode: 'AUTH001' });
  }
  return { status: 200, body: await sessionFor(user, services) };
};

/** Only the caller's own id reaches this handler (x-policy `user: { self: path.id }`). */
export const getUser: OperationHandler<'getUser'> = async (req, services) => {
  const user = await findUserById(services.db, principalOf(req).userId);
  if (!user) throw new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });
  const { rows } = await services.db.query<{ role: 'admin' | 'staff' }>(`SELECT role FROM management_staff WHERE user_id = $1 AND deactivated_at IS NULL`, [user.id]);
  return {
    status: 200,
    body: { userId: user.id, userName: user.email, email: user.email, firstName: user.first_name, lastName: user.last_name, managementRole: rows[0]?.role ?? null },
  };
};

export const changePassword: OperationHandler<'changePassword'> = async (req, services) => {
  const principal = principalOf(req);
  const body = req.body;
  const user = await findUserById(services.db, principal.userId);
  if (!user) throw new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });
  await checkCurrentPassword(services, user, body.currentPassword, req.ip);
  const hash = await services.passwords.hash(body.newPassword);
  await services.db.query('UPDATE users SET password_hash = $1, password_changed_at = $2 WHERE id = $3', [hash, services.clock(), user.id]);
  // Whoever else knew the old password is signed out; this session goes on.
  await services.sessions.endAllOf(user.id, principal.sessionId);
  return { status: 204 };
};

/** Sign-out: the session's tokens are refused from now on, on every instance. */
export const logout: OperationHandler<'logout'> = async (req, services) => {
  const principal = principalOf(req);
  if (principal.actor) {
    await endCallersMimic(principal, services, originOf(req));
    return { status: 204 };
  }
  // Opened through the company's identity provider: the browser signs out there too (its ID token is
  // read before the session ends, after which the due work sso.expiry may forget it).
  const endSessionUrl = await providerEndSessionUrl(services, principal.sessionId);
  await services.sessions.end(principal.sessionId);
  // An embedded portal's renewal of the session (server/embedding/) is of no use now: forgotten, and its cookie cleared.
  await forgetSessionRenewals(services.db, principal.sessionId);
  const headers = { 'set-cookie': CLEARED_RENEWAL_COOKIE };
  return endSessionUrl ? { status: 200, body: { endSessionUrl }, headers } : { status: 204, headers };
};

export const getSecurity: OperationHandler<'getSecurity'> = async (req, services) => {
  const principal = principalOf(req);
  const { rows } = await services.db.query<{ owner: boolean; board: boolean; chair: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM accounts WHERE owner_user_id = $1) AS owner,
            EXISTS (SELECT 1 FROM board_members WHERE user_id = $1) AS board,
            EXISTS (SELECT 1 FROM board_members WHERE user_id = $1 AND is_chair) AS chair`,
    [principal.userId],
  );
  const r = rows[0];
  const permissions = ['portal'];
  if (r.owner) permissions.push('billing', 'requests');
  if (r.board) permissions.push('board', 'boardDocManage');
  if (r.chair) permissions.push('boardChair');
  return { status: 200, body: { permissions } };
};

export const getProfileConfiguration: OperationHandler<'getProfileConfiguration'> = async (req, services) => {
  const principal = principalOf(req);
  const { rows } = await services.db.query<{ available: boolean }>(
    `SELECT c.billing_text_notifications_available AS available
       FROM users u JOIN management_companies c ON c.id = u.management_company_id WHERE u.id = $1`,
    [principal.userId],
  );
  if (!rows[0]) throw new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });
  return { status: 200, body: { billingTextNotificationsAvailable: rows[0].available === true } };
};
