import type { HandlerMap } from '../types.ts';
import { authenticate, changePassword, createPortalToken, getProfileConfiguration, getSecurity, getUser } from './account.ts';
import { requestOneTimePassword, resetPassword, verifyOneTimePassword } from './otp.ts';
import { registerHomeowner, requestAccount } from './registration.ts';
import { getHomeSettings } from './settings.ts';

export const usersHandlers: HandlerMap = {
  authenticate,
  createPortalToken,
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
