// Single sign-on: the operation is part of the API so that clients and error rules can name it,
// but this server has no identity provider to check an assertion against. Until one is
// configured every call answers 501 SSO001 in the API's error shape (the body is validated first).
import { ApiError, messages } from '../../errors.ts';
import type { OperationHandler } from '../types.ts';

export const authenticateSSO: OperationHandler<'authenticateSSO'> = async () => {
  throw new ApiError(501, messages.ssoNotConfigured, { errorCode: 'SSO001' });
};
