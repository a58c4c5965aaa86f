// The refusal of an operation whose feature is switched off for the association (FEA001): 403,
// the catalogue's problem shape, nothing changed.
import { ApiError } from '../errors.ts';
import type { FeatureName } from './registry.ts';

const WHAT: Record<FeatureName, string> = {
  core: 'This',
  cardPayments: 'Paying by card',
  bankPayments: 'Paying from a bank account',
  payments: 'Paying',
  autoDraft: 'Auto-draft',
  recurringPayments: 'Recurring payments',
  directory: 'The resident directory',
  calendarReservations: 'Calendar reservations',
  documents: 'Documents',
  messages: 'Messages',
  requests: 'Requests',
  myCA: 'MyCA',
  singleSignOn: 'Single sign-on',
  guestPayment: 'Guest payment',
  createAccount: 'Account creation',
  businessManagement: 'Business management',
};

export function featureOff(feature: FeatureName, methodKind: 'card' | 'bank' | null): ApiError {
  const what = feature === 'payments' && methodKind ? WHAT[methodKind === 'card' ? 'cardPayments' : 'bankPayments'] : WHAT[feature];
  return new ApiError(403, `${what} is not available for this association.`, { errorCode: 'FEA001' });
}
