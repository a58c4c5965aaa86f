import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getGuestConfiguration, createGuestSession, getGuestAccount, getGuestAssessments } from './session.ts';
import { createGuestPayment, confirmGuestPayment } from './payment.ts';

export const guestPayHandlers: OperationHandlers<GroupOperationId<'guest-pay'>> = {
  getGuestConfiguration,
  createGuestSession,
  getGuestAccount,
  getGuestAssessments,
  createGuestPayment,
  confirmGuestPayment,
};
