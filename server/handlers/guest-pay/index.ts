import type { HandlerMap } from '../types.ts';
import { getGuestConfiguration, createGuestSession, getGuestAccount, getGuestAssessments } from './session.ts';
import { createGuestPayment, confirmGuestPayment } from './payment.ts';

export const guestPayHandlers: HandlerMap = {
  getGuestConfiguration,
  createGuestSession,
  getGuestAccount,
  getGuestAssessments,
  createGuestPayment,
  confirmGuestPayment,
};
