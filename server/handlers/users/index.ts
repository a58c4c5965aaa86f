import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { authenticate, changePassword, createPortalToken, getProfileConfiguration, getSecurity, getUser, logout } from './account.ts';
import { requestOneTimePassword, resetPassword, verifyOneTimePassword } from './otp.ts';
import { registerHomeowner, requestAccount } from './registration.ts';
import { getHomeSettings } from './settings.ts';
import { authenticateSSO } from './sso.ts';

export const usersHandlers: OperationHandlers<GroupOperationId<'users'>> = {
  authenticate,
  authenticateSSO,
  createPortalToken,
  logout,
  getUser,
  changePassword,
  getProfileConfiguration,
  requestOneTimePassword,
  verifyOneTimePassword,
  resetPassword,
  getSecurity,
  getHomeSettings,
  registerHomeowner,
  requestAccount,
};
