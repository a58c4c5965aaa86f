import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { authenticate, changePassword, getProfileConfiguration, getSecurity, getUser, logout } from './account.ts';
import { createPortalToken, getPortalToken, redeemPortalToken } from './portal-token.ts';
import { requestOneTimePassword, resetPassword, verifyOneTimePassword } from './otp.ts';
import { registerHomeowner, requestAccount } from './registration.ts';
import { getHomeSettings } from './settings.ts';
import { createMessageThread, getMessageThread, listMessageThreads, replyToMessageThread } from './messages.ts';
import { authenticateSSO, getSsoProvider, linkSsoAccount, sendSsoLinkCode, startSso } from './sso.ts';
import { authenticateJWT } from './jwt-handover.ts';
import { createAddress, createContact, deleteAddress, deleteContact, getHomeowner, updateAddress, updateContact } from './profile.ts';
import { getPreferences, updatePreferences } from './preferences.ts';
import { updateLogin } from './login.ts';
import { claimMimic, endMimic, getMimic, listMimicVisits } from './mimic.ts';
import { createEmbedHandoff, getEmbedding, redeemEmbedHandoff, renewEmbeddedSession, startEmbeddedRenewal } from './embedding.ts';

export const usersHandlers: OperationHandlers<GroupOperationId<'users'>> = {
  authenticate,
  authenticateSSO,
  getSsoProvider,
  startSso,
  sendSsoLinkCode,
  linkSsoAccount,
  authenticateJWT,
  createPortalToken,
  getPortalToken,
  redeemPortalToken,
  getEmbedding,
  startEmbeddedRenewal,
  renewEmbeddedSession,
  createEmbedHandoff,
  redeemEmbedHandoff,
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
  getHomeowner,
  createContact,
  updateContact,
  deleteContact,
  createAddress,
  updateAddress,
  deleteAddress,
  getPreferences,
  updatePreferences,
  updateLogin,
  listMessageThreads,
  getMessageThread,
  createMessageThread,
  replyToMessageThread,
  claimMimic,
  getMimic,
  endMimic,
  listMimicVisits,
};
