// How each principal's scope over each resource is checked, and what a refusal answers.
//
// A resource outside the caller's scope is answered exactly like one that does not exist: 404
// with that resource's own not-found code, so ids cannot be probed. A user id other than the
// caller's is 403 AUTH003: that answer never depends on whether the other user exists.
//
// Checks either compare the value with the caller's own claims (no database) or are one EXISTS
// clause; all the clauses a request needs are asked in ONE query (enforce.ts).
import { ApiError, messages } from '../errors.ts';
import { paymentError } from '../payments/errors.ts';
import { billingError } from '../payments/billing.ts';
import type { ExpressCaller, GuestCaller, UserCaller } from './caller.ts';
import { RESOURCES, type PrincipalName, type ResourceKind } from './vocabulary.ts';

/** Binds a value as a query parameter and returns its placeholder ($n). */
export type Bind = (value: unknown) => string;

export type Check<C> =
  | { compare: (value: unknown, caller: C) => boolean }
  | { sql: (value: unknown, caller: C, bind: Bind) => string };

type ChecksFor<C> = Partial<Record<ResourceKind, Check<C>>>;

/** What each resource answers when it is out of scope. */
export const REFUSALS: Record<ResourceKind, () => ApiError> = {
  self: () => new ApiError(403, messages.forbidden, { errorCode: 'AUTH003' }),
  account: () => paymentError('GP002'),
  subLedger: () => paymentError('GP002'),
  association: () => paymentError('GP001'),
  payment: () => paymentError('PAY009'),
  paymentMethod: () => billingError('PM001'),
  methodSetup: () => billingError('PM001'),
  // Like a payment: another homeowner's schedule is answered as one that does not exist.
  recurringPayment: () => paymentError('PAY009'),
};

const isSelf: Check<UserCaller> = { compare: (value, caller) => value === caller.userId };

const homeowner: ChecksFor<UserCaller> = {
  self: isSelf,
  account: { sql: (v, c, bind) => `EXISTS (SELECT 1 FROM accounts WHERE account_number = ${bind(v)}::text AND owner_user_id = ${bind(c.userId)}::integer)` },
  subLedger: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE sl.id = ${bind(v)}::integer AND ac.owner_user_id = ${bind(c.userId)}::integer)`,
  },
  association: { sql: (v, c, bind) => `EXISTS (SELECT 1 FROM accounts WHERE association_id = ${bind(v)}::integer AND owner_user_id = ${bind(c.userId)}::integer)` },
  // Any payment on an account the caller owns, whoever paid it (the handlers decide by kind and status).
  payment: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM payments p JOIN accounts ac ON ac.id = p.account_id WHERE p.id = ${bind(v)}::text AND ac.owner_user_id = ${bind(c.userId)}::integer)`,
  },
  paymentMethod: { sql: (v, c, bind) => `EXISTS (SELECT 1 FROM payment_methods WHERE id = ${bind(v)}::integer AND owner_user_id = ${bind(c.userId)}::integer)` },
  methodSetup: {
    sql: (v, c, bind) => `EXISTS (SELECT 1 FROM payment_method_setups WHERE setup_intent_id = ${bind(v)}::text AND owner_user_id = ${bind(c.userId)}::integer)`,
  },
  // A schedule the caller set up on an account they still own (removed ones too: the handlers answer those).
  recurringPayment: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
                WHERE r.id = ${bind(v)}::text AND r.user_id = ${bind(c.userId)}::integer AND ac.owner_user_id = ${bind(c.userId)}::integer)`,
  },
};

const boardSql = (chairOnly: boolean): Check<UserCaller> => ({
  sql: (v, c, bind) =>
    `EXISTS (SELECT 1 FROM board_members WHERE association_id = ${bind(v)}::integer AND user_id = ${bind(c.userId)}::integer${chairOnly ? ' AND is_chair' : ''})`,
});

/** Per principal name; the caller type follows the principal's token kind. */
export const CHECKS: { [P in PrincipalName]: ChecksFor<P extends 'guest' ? GuestCaller : P extends 'express' ? ExpressCaller : UserCaller> } = {
  user: { self: isSelf },
  homeowner,
  board: { association: boardSql(false) },
  chair: { association: boardSql(true) },
  // Staff work for one management company (users.management_company_id) and look after every association it manages.
  staff: {
    association: {
      sql: (v, c, bind) =>
        `EXISTS (SELECT 1 FROM associations a JOIN users u ON u.management_company_id = a.management_company_id JOIN management_staff s ON s.user_id = u.id
                  WHERE a.id = ${bind(v)}::integer AND u.id = ${bind(c.userId)}::integer)`,
    },
  },
  guest: {
    subLedger: { sql: (v, c, bind) => `EXISTS (SELECT 1 FROM sub_ledgers WHERE id = ${bind(v)}::integer AND account_id = ${bind(c.accountId)}::integer)` },
    // Only the payments this guest session set up: not the owner's, not another guest session's.
    payment: {
      sql: (v, c, bind) =>
        `EXISTS (SELECT 1 FROM payments WHERE id = ${bind(v)}::text AND account_id = ${bind(c.accountId)}::integer AND payer_kind = 'guest' AND guest_session_id = ${bind(c.sessionId)}::text)`,
    },
  },
  express: {
    subLedger: { compare: (value, caller) => value === caller.subLedgerId },
    // Payments made through a checkout link of the same sub-ledger and owner (server/handlers/express-pay/express.ts).
    payment: {
      sql: (v, c, bind) =>
        `EXISTS (SELECT 1 FROM payments p JOIN express_payments ep ON ep.payment_id = p.id JOIN checkout_links cl ON cl.id = ep.checkout_link_id
                  WHERE p.id = ${bind(v)}::text AND p.sub_ledger_id = ${bind(c.subLedgerId)}::integer AND cl.sub_ledger_id = p.sub_ledger_id
                    AND cl.owner_user_id = ${bind(c.userId)}::integer)`,
    },
  },
};

const MAX_ID = 2 ** 31 - 1;

/**
 * A value no row can have (ids are PostgreSQL integers): out of scope without asking the
 * database, which would fail on an out-of-range cast.
 */
export function unreachable(resource: ResourceKind, value: unknown): boolean {
  if (RESOURCES[resource] === 'integer') return typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_ID;
  return typeof value !== 'string';
}
