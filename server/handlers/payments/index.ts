import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getAccounts } from './accounts.ts';
import { getPaymentOptions, listPaymentMethods, setupPaymentMethod, confirmPaymentMethodSetup, getPaymentMethod, deletePaymentMethod } from './methods.ts';
import { setupPayment, updatePaymentSetup, cancelPaymentSetup, confirmPayment, listPayments } from './payments.ts';
import { setupFuturePayment, confirmFuturePayment, listFuturePayments, updateFuturePayment, cancelFuturePayment } from './future.ts';
import { setupRecurringPayment, confirmRecurringPayment, listRecurringPayments, reviewRecurringPaymentChange, updateRecurringPayment, cancelRecurringPayment } from './recurring.ts';
import { getLedger, getCharges, getRecentPayments } from './ledger.ts';
import { createStatement } from './statements.ts';
import { setupAutoDraft, confirmAutoDraft, listAutoDrafts, cancelAutoDraft, setupLegacyAutoDraft, enrollLegacyAutoDraft } from './auto-draft.ts';
import { reviewAutoDraftChange, updateAutoDraft } from './auto-draft-change.ts';
import { listAcknowledgements, confirmAcknowledgement } from './acknowledgements.ts';

export const paymentsHandlers: OperationHandlers<GroupOperationId<'payments'>> = {
  getAccounts,
  // payment options and saved methods
  getPaymentOptions,
  listPaymentMethods,
  setupPaymentMethod,
  confirmPaymentMethodSetup,
  getPaymentMethod,
  deletePaymentMethod,
  // one-time payments
  setupPayment,
  updatePaymentSetup,
  cancelPaymentSetup,
  confirmPayment,
  listPayments,
  // future-dated payments (charged by the due work payments.future, server/payments/future.ts)
  setupFuturePayment,
  confirmFuturePayment,
  listFuturePayments,
  updateFuturePayment,
  cancelFuturePayment,
  // recurring payments (charged by the due work payments.recurring, server/payments/recurring-due-work.ts)
  setupRecurringPayment,
  confirmRecurringPayment,
  listRecurringPayments,
  reviewRecurringPaymentChange,
  updateRecurringPayment,
  cancelRecurringPayment,
  // auto-draft enrollments (portal ones drafted through child recurring payments; legacy ones by the management company)
  setupAutoDraft,
  confirmAutoDraft,
  listAutoDrafts,
  reviewAutoDraftChange,
  updateAutoDraft,
  cancelAutoDraft,
  setupLegacyAutoDraft,
  enrollLegacyAutoDraft,
  // ledger and upcoming charges
  getLedger,
  getRecentPayments,
  getCharges,
  // statements and the ledger export (downloaded through server/statements/download-route.ts)
  createStatement,
  // payment authorizations and debit notices
  listAcknowledgements,
  confirmAcknowledgement,
};
