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
import { communityError } from '../community/errors.ts';
import { documentError } from '../documents/errors.ts';
import type { AnonymousCaller, ExpressCaller, GuestCaller, UserCaller } from './caller.ts';
import type { Bind } from './bind.ts';
import { boardMemberSql, documentReadableSql, folderReadableSql } from './document-access.ts';
import { companyStaffSql, staffMemberSql, type StaffRole } from './staff-sql.ts';
import { RESOURCES, type PrincipalName, type ResourceKind } from './vocabulary.ts';


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
  autoDraft: () => paymentError('AD404'),
  acknowledgement: () => paymentError('ACK404'),
  messageThread: () => communityError('MSG404'),
  homeownerRequest: () => communityError('HRQ404'),
  arcRequest: () => communityError('HRQ404'),
  // What the caller may not read is answered as what does not exist.
  document: () => documentError('DOC001'),
  documentFolder: () => documentError('DOC002'),
  // Whatever the id named, so the answer says nothing about it.
  documentLibrary: () => documentError('DOC003'),
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
  // A saved method: not an auto-draft's bank account (purpose 'auto_draft'), which only its enrollment uses.
  paymentMethod: {
    sql: (v, c, bind) => `EXISTS (SELECT 1 FROM payment_methods WHERE id = ${bind(v)}::integer AND owner_user_id = ${bind(c.userId)}::integer AND purpose = 'saved')`,
  },
  methodSetup: {
    sql: (v, c, bind) => `EXISTS (SELECT 1 FROM payment_method_setups WHERE setup_intent_id = ${bind(v)}::text AND owner_user_id = ${bind(c.userId)}::integer)`,
  },
  // A schedule the caller set up on an account they still own (removed ones too: the handlers answer
  // those); not an auto-draft's child schedule, which is changed through its enrollment only.
  recurringPayment: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
                WHERE r.id = ${bind(v)}::text AND r.user_id = ${bind(c.userId)}::integer AND ac.owner_user_id = ${bind(c.userId)}::integer
                  AND r.auto_draft_id IS NULL)`,
  },
  // An enrollment the caller made on an account they still own (removed ones too: the handlers answer those).
  autoDraft: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM auto_draft_enrollments e JOIN accounts ac ON ac.id = e.account_id
                WHERE e.id = ${bind(v)}::text AND e.user_id = ${bind(c.userId)}::integer AND ac.owner_user_id = ${bind(c.userId)}::integer)`,
  },
  // The prefix names the table: an authorization the caller gave (as listAcknowledgements shows them).
  acknowledgement: {
    sql: (v, c, bind) => {
      const id = acknowledgementIdOf(v);
      if (id === null) return 'false';
      switch (id.kind) {
        case 'rpa':
          return `EXISTS (SELECT 1 FROM recurring_payment_authorizations WHERE id = ${bind(id.number)}::integer AND user_id = ${bind(c.userId)}::integer)`;
        case 'ada':
          return `EXISTS (SELECT 1 FROM auto_draft_authorizations WHERE id = ${bind(id.number)}::integer AND user_id = ${bind(c.userId)}::integer)`;
        case 'dn':
          return `EXISTS (SELECT 1 FROM recurring_debit_notices WHERE id = ${bind(id.number)}::integer AND user_id = ${bind(c.userId)}::integer AND emailed)`;
      }
    },
  },
  // A thread the caller started (each thread is one homeowner's with one association's management).
  messageThread: { sql: (v, c, bind) => `EXISTS (SELECT 1 FROM message_threads WHERE id = ${bind(v)}::integer AND homeowner_user_id = ${bind(c.userId)}::integer)` },
  // A request on an account the caller owns now (a sold property's requests go with it).
  homeownerRequest: {
    sql: (v, c, bind) =>
      `EXISTS (SELECT 1 FROM homeowner_requests r JOIN accounts ac ON ac.id = r.account_id WHERE r.id = ${bind(v)}::integer AND ac.owner_user_id = ${bind(c.userId)}::integer)`,
  },
};

/** Staff of the company managing the association of the row `<table>.id = value` (message threads, homeowner requests). */
const staffOfRow = (table: 'message_threads' | 'homeowner_requests'): Check<UserCaller> => ({
  sql: (v, c, bind) =>
    `EXISTS (SELECT 1 FROM ${table} t JOIN associations a ON a.id = t.association_id
              WHERE t.id = ${bind(v)}::integer AND ${staffMemberSql('a.id', `${bind(c.userId)}::integer`)})`,
});

/** Staff (with `role`, of that role) of the management company that manages the association named by its id. */
const staffOfAssociation = (role?: StaffRole): Check<UserCaller> => ({
  sql: (v, c, bind) => staffMemberSql(`${bind(v)}::integer`, `${bind(c.userId)}::integer`, role),
});

/** Active staff (with `role`, of that role) of any management company: the console's operations on the caller's own company. */
const staffAtAll = (role?: StaffRole): ((caller: UserCaller, bind: Bind) => string) => (c, bind) => companyStaffSql(`${bind(c.userId)}::integer`, role);

const boardSql = (chairOnly: boolean): Check<UserCaller> => ({
  sql: (v, c, bind) =>
    `EXISTS (SELECT 1 FROM board_members WHERE association_id = ${bind(v)}::integer AND user_id = ${bind(c.userId)}::integer${chairOnly ? ' AND is_chair' : ''})`,
});

/** An architectural request of an association on whose board the caller sits (as chair, with chairOnly). */
const arcRequestOfBoard = (chairOnly: boolean): Check<UserCaller> => ({
  sql: (v, c, bind) =>
    `EXISTS (SELECT 1 FROM homeowner_requests r JOIN board_members b ON b.association_id = r.association_id
              WHERE r.id = ${bind(v)}::integer AND r.kind = 'architectural' AND b.user_id = ${bind(c.userId)}::integer${chairOnly ? ' AND b.is_chair' : ''})`,
});

/** Library documents and folders a signed-in principal may read (server/authz/document-access.ts). */
const libraryReads = (reader: 'homeowner' | 'board' | 'staff'): ChecksFor<UserCaller> => ({
  document: { sql: (v, c, bind) => documentReadableSql(reader, v, c.userId, bind) },
  documentFolder: { sql: (v, c, bind) => folderReadableSql(reader, v, c.userId, bind) },
});

type CallerOf<P extends PrincipalName> = P extends 'guest' ? GuestCaller : P extends 'express' ? ExpressCaller : P extends 'anyone' ? UserCaller | AnonymousCaller : UserCaller;

/** Per principal name; the caller type follows the principal's token kind. */
export const CHECKS: { [P in PrincipalName]: ChecksFor<CallerOf<P>> } = {
  user: { self: isSelf },
  homeowner: { ...homeowner, ...libraryReads('homeowner') },
  board: {
    association: boardSql(false),
    arcRequest: arcRequestOfBoard(false),
    ...libraryReads('board'),
    documentLibrary: { sql: (v, c, bind) => boardMemberSql(`${bind(v)}::integer`, `${bind(c.userId)}::integer`) },
  },
  chair: { association: boardSql(true), arcRequest: arcRequestOfBoard(true) },
  // Staff work for one management company (users.management_company_id) and look after every association it manages.
  staff: {
    association: staffOfAssociation(),
    messageThread: staffOfRow('message_threads'),
    homeownerRequest: staffOfRow('homeowner_requests'),
    ...libraryReads('staff'),
    documentLibrary: { sql: (v, c, bind) => staffMemberSql(`${bind(v)}::integer`, `${bind(c.userId)}::integer`) },
  },
  // A company's admin: everything the console offers for the associations the company manages.
  admin: { association: staffOfAssociation('admin') },
  // Anyone, signed in or not: what is open to everyone. Never looks at who the caller is.
  anyone: {
    association: { sql: (v, _c, bind) => `EXISTS (SELECT 1 FROM associations WHERE id = ${bind(v)}::integer)` },
    document: { sql: (v, _c, bind) => documentReadableSql('anyone', v, null, bind) },
    documentFolder: { sql: (v, _c, bind) => folderReadableSql('anyone', v, null, bind) },
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

/**
 * What a `self` grant of a principal needs besides a valid token: staff and admins are such only
 * while their company counts them as staff of that role (one clause, asked with the others).
 */
export const SELF_CHECKS: Partial<Record<PrincipalName, (caller: UserCaller, bind: Bind) => string>> = {
  staff: staffAtAll(),
  admin: staffAtAll('admin'),
};

/**
 * Resources that lie inside another: when one grant names both (a sub-ledger and an account), the
 * inner one must be of the outer one, not merely the caller's too, so that a form filled in for one
 * account is never taken for another. Refused as the inner resource is.
 */
export const WITHIN: Partial<Record<ResourceKind, { outer: ResourceKind; sql: (value: unknown, outer: unknown, bind: Bind) => string }>> = {
  subLedger: {
    outer: 'account',
    sql: (v, outer, bind) =>
      `EXISTS (SELECT 1 FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE sl.id = ${bind(v)}::integer AND ac.account_number = ${bind(outer)}::text)`,
  },
};

const MAX_ID = 2 ** 31 - 1;

/** An acknowledgement id ('rpa_12', 'ada_3', 'dn_7') as its table and row id; null when no row can have it. */
export function acknowledgementIdOf(value: unknown): { kind: 'rpa' | 'ada' | 'dn'; number: number } | null {
  const match = typeof value === 'string' ? /^(rpa|ada|dn)_([0-9]{1,12})$/.exec(value) : null;
  if (!match) return null;
  const number = Number(match[2]);
  if (number < 1 || number > MAX_ID) return null;
  return { kind: match[1] as 'rpa' | 'ada' | 'dn', number };
}

/**
 * A value no row can have (ids are PostgreSQL integers): out of scope without asking the
 * database, which would fail on an out-of-range cast.
 */
export function unreachable(resource: ResourceKind, value: unknown): boolean {
  if (RESOURCES[resource] === 'integer') return typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_ID;
  return typeof value !== 'string';
}
