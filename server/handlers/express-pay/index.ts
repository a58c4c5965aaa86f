import type { HandlerMap } from '../types.ts';
import { authenticateExpressPay, getExpressAccount, listExpressPayments } from './session.ts';
import { createExpressPayment, updateExpressPayment, confirmExpressPayment, acknowledgeExpressPayment } from './payment.ts';

export const expressPayHandlers: HandlerMap = {
  authenticateExpressPay,
  getExpressAccount,
  createExpressPayment,
  updateExpressPayment,
  confirmExpressPayment,
  acknowledgeExpressPayment,
  listExpressPayments,
};
