// The typed API clients of every group, bound to one target: `apiClients(transport, token).payments.getAccounts()`.
import * as actionItems from '../../../generated/clients/action-items.ts';
import * as associations from '../../../generated/clients/associations.ts';
import * as expressPay from '../../../generated/clients/express-pay.ts';
import * as guestPay from '../../../generated/clients/guest-pay.ts';
import * as management from '../../../generated/clients/management.ts';
import * as payments from '../../../generated/clients/payments.ts';
import * as users from '../../../generated/clients/users.ts';
import { boundClient } from './bind.ts';
import type { ApiTransport } from './fetch.ts';

export function apiClients(transport: ApiTransport, token: string | null = null) {
  const target = { transport, token };
  return {
    users: boundClient(users, target),
    payments: boundClient(payments, target),
    guestPay: boundClient(guestPay, target),
    expressPay: boundClient(expressPay, target),
    associations: boundClient(associations, target),
    actionItems: boundClient(actionItems, target),
    management: boundClient(management, target),
  };
}

export type ApiClients = ReturnType<typeof apiClients>;
export { fetchTransport, type ApiTransport } from './fetch.ts';
