import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { authenticateExpressPay, getExpressAccount, listExpressPayments } from './session.ts';
import { createExpressPayment, updateExpressPayment, confirmExpressPayment, acknowledgeExpressPayment } from './payment.ts';

export const expressPayHandlers: OperationHandlers<GroupOperationId<'express-pay'>> = {
  authenticateExpressPay,
  getExpressAccount,
  createExpressPayment,
  updateExpressPayment,
  confirmExpressPayment,
  acknowledgeExpressPayment,
  listExpressPayments,
};
