// Auto-draft: POST /AutoDraft/Setup and PUT /AutoDraft/Setup/Confirm (the portal drafts it),
// POST /LegacyAutoDraft/Setup and PUT /LegacyAutoDraft/Enroll (the management company's system
// drafts it), GET /AutoDraft, PATCH and DELETE /AutoDraft/{id}. Rows of auto_draft_enrollments:
// setup -> active (Confirm or Enroll, which keeps the signed authorization and mails a copy) ->
// removed; a portal enrollment shows paused while a child schedule is (two failed drafts in a row;
// resume). The association's auto_draft_type decides which Setup applies. An active enrollment can
// be changed or removed until 8:00 pm New York time the business day before its next pull; after
// that 409 PAY012 and nothing changes (the change itself: auto-draft-change.ts). See docs/server.md, "Auto-draft".
import { principalOf, type OperationHandler, type RequestOf, type ResultOf, type Services } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { idempotencyKeyOf } from '../../payments/index.ts';
import { withIdempotency } from '../../payments/idempotency.ts';
import { paymentError } from '../../payments/errors.ts';
import { payerScope } from '../../payments/service.ts';
import { appDate, fieldErrors, providerConnected } from '../../payments/billing.ts';
import { bankForIdempotency, checkBankEntry, retireAutoDraftMethod, saveAutoDraftMethod, tokenizeBank, type CheckedBank } from '../../payments/auto-draft-bank.ts';
import { firstPullDate, startMonthValid } from '../../payments/auto-draft-schedule.ts';
import {
  AUTO_DRAFT_SELECT,
  autoDraftChangeableNow,
  autoDraftView,
  isSecondEnrollment,
  loadAutoDraft,
  lockAutoDraft,
  newAutoDraftId,
  type AutoDraftView,
} from '../../payments/auto-draft-store.ts';
import type { AutoDraftRow, DraftedBy } from '../../payments/auto-draft-row.ts';
import { autoDraftAuthorizationText, mailAutoDraftAuthorization, mailManagementCompany, recordAutoDraftAuthorization } from '../../payments/auto-draft-authorization.ts';
import { createChildren, removeChildren } from '../../payments/auto-draft-children.ts';
import { hasEnrollment, hasRecurringPayment, lockAccount } from '../../payments/one-per-account.ts';
import type { TokenizedMethod } from '../../payments/provider.ts';
import { openSetupsSince, setupExpired } from '../../payments/setup-expiry.ts';
import { ownerMonth } from '../../../flows/dates.ts';

export const PAST_CUTOFF = 'An auto-draft can be changed or removed until 8:00pm Eastern Time the business day before the next draft. This one can no longer be changed or removed.';
export const REMOVED = 'This auto-draft was removed.';

interface OwnedAccount {
  account_id: number;
  account_number: string;
  association_id: number;
  auto_draft_type: 'off' | 'legacy' | 'portal';
  provider_account: string | null;
  accepts_bank: boolean;
  payments_blocked: boolean;
  balance_cents: number | string;
}

/** One of the caller's accounts with what enrolling needs (its balance: the sum of its sub-ledgers'); another's: 404 GP002. */
async function ownedAccount(q: Queryable, userId: number, accountNumber: string): Promise<OwnedAccount> {
  const { rows } = await q.query<OwnedAccount>(
    `SELECT ac.id AS account_id, ac.account_number, ac.association_id, a.auto_draft_type, a.provider_account, a.accepts_bank, ac.payments_blocked,
            (SELECT COALESCE(sum(sl.balance_cents), 0) FROM sub_ledgers sl WHERE sl.account_id = ac.id) AS balance_cents
       FROM accounts ac JOIN associations a ON a.id = ac.association_id
      WHERE ac.account_number = $1 AND ac.owner_user_id = $2`,
    [accountNumber, userId],
  );
  if (!rows[0]) throw paymentError('GP002');
  return rows[0];
}

async function accountBalance(q: Queryable, accountId: number): Promise<number> {
  const { rows } = await q.query<{ balance: number | string }>('SELECT COALESCE(sum(balance_cents), 0) AS balance FROM sub_ledgers WHERE account_id = $1', [accountId]);
  return Number(rows[0].balance);
}

const TYPE_OF: Record<DraftedBy, 'portal' | 'legacy'> = { portal: 'portal', management_company: 'legacy' };
const WRONG_WAY: Record<DraftedBy, string> = {
  portal: 'This association offers auto-draft through the portal: enroll with the auto-draft enrollment (POST /AutoDraft/Setup), not the legacy one.',
  management_company: 'This association\'s auto-draft is made by the management company: enroll with the legacy auto-draft enrollment (POST /LegacyAutoDraft/Setup).',
};

/** An enrollment confirmed through the other kind's call: how to confirm it. */
const CONFIRM_WRONG_WAY: Record<DraftedBy, string> = {
  portal: 'This auto-draft is drafted by the portal: confirm it with PUT /AutoDraft/Setup/Confirm.',
  management_company: 'This auto-draft is made by the management company: enroll it with PUT /LegacyAutoDraft/Enroll.',
};

/** The association offers this kind of auto-draft (off: AD001; the other kind: AD002 naming the right way). */
function checkOffered(type: OwnedAccount['auto_draft_type'], draftedBy: DraftedBy): void {
  if (type === 'off') throw paymentError('AD001');
  if (type !== TYPE_OF[draftedBy]) throw paymentError('AD002', WRONG_WAY[draftedBy === 'portal' ? 'management_company' : 'portal']);
}

/** Nothing else pays the account automatically and it owes nothing (AD003, PAY013). Under the account's lock for the final word. */
async function checkCanEnroll(q: Queryable, accountId: number, except: string | null): Promise<void> {
  if ((await accountBalance(q, accountId)) > 0) throw paymentError('AD003');
  if ((await hasRecurringPayment(q, accountId)) || (await hasEnrollment(q, accountId, except))) throw paymentError('PAY013');
}

/** The association can take bank debits through a connected provider (GP003, PAY010, PA007). */
export function checkCanDraft(services: Services, a: Pick<OwnedAccount, 'accepts_bank' | 'provider_account'>): void {
  if (!a.accepts_bank) throw paymentError('GP003');
  if (!services.paymentProvider) throw paymentError('PAY010');
  if (!providerConnected(services, a.provider_account)) throw paymentError('PA007');
}

function setupFor(draftedBy: DraftedBy, operation: 'setupAutoDraft' | 'setupLegacyAutoDraft') {
  return async (req: RequestOf<typeof operation>, services: Services): Promise<ResultOf<typeof operation>> => {
    const { userId } = principalOf(req);
    const body = req.body;
    const now = services.clock();
    const bank = checkBankEntry(body.bank);
    if (!startMonthValid(body.startMonth, now)) {
      throw fieldErrors({ startMonth: `The first draft must be in a month after the current one (${ownerMonth(appDate(now).slice(0, 7))}, Eastern time).` });
    }
    // The account number is not kept, not even in the key's request hash (its last four digits stand for it).
    const request = { ...body, bank: bankForIdempotency(body.bank) };
    const answer = await withIdempotency(
      services.db,
      services.clock,
      { scope: payerScope({ kind: 'user', userId, email: null }), operation, key: idempotencyKeyOf(req.headers), request },
      async () => {
        const account = await ownedAccount(services.db, userId, body.accountNumber);
        checkOffered(account.auto_draft_type, draftedBy);
        if (account.payments_blocked) throw paymentError('PAY004');
        checkCanDraft(services, account);
        // Checked before the provider sees the account, and again under the account's lock.
        await checkCanEnroll(services.db, Number(account.account_id), null);
        const method = await tokenizeBank(services, { userId, merchantAccount: account.provider_account, bank });
        const id = await services.db.transaction((tx) => insertEnrollment(tx, { userId, account, draftedBy, body, bank, method, now }));
        const row = await loadAutoDraft(services.db, userId, id);
        return { autoDraft: autoDraftView(row, now), authorizationText: autoDraftAuthorizationText(row, now) };
      },
      { log: services.log },
    );
    return { status: 201, body: answer };
  };
}

async function insertEnrollment(
  tx: Queryable,
  e: { userId: number; account: OwnedAccount; draftedBy: DraftedBy; body: { startMonth: string; pullDay: number }; bank: CheckedBank; method: TokenizedMethod; now: Date },
): Promise<string> {
  const accountId = Number(e.account.account_id);
  await lockAccount(tx, accountId);
  await checkCanEnroll(tx, accountId, null);
  const methodId = await saveAutoDraftMethod(tx, { userId: e.userId, associationId: Number(e.account.association_id), merchantAccount: e.account.provider_account!, method: e.method, now: e.now });
  const id = newAutoDraftId();
  try {
    await tx.query(
      `INSERT INTO auto_draft_enrollments (id, user_id, account_id, drafted_by, status, start_month, pull_day, next_pull_date, payment_method_id,
                                           bank_name, routing_number, account_type, last4, signature, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'setup', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [id, e.userId, accountId, e.draftedBy, `${e.body.startMonth}-01`, e.body.pullDay, firstPullDate(e.body.startMonth, e.body.pullDay), methodId,
       e.bank.bankName, e.bank.routingNumber, e.bank.accountType, e.method.last4, e.bank.signature, e.now],
    );
  } catch (error) {
    if (isSecondEnrollment(error)) throw paymentError('PAY013');
    throw error;
  }
  return id;
}

export const setupAutoDraft: OperationHandler<'setupAutoDraft'> = setupFor('portal', 'setupAutoDraft');
export const setupLegacyAutoDraft: OperationHandler<'setupLegacyAutoDraft'> = setupFor('management_company', 'setupLegacyAutoDraft');

export async function providerTokenOf(q: Queryable, methodId: number): Promise<string | null> {
  const { rows } = await q.query<{ provider_token: string }>('SELECT provider_token FROM payment_methods WHERE id = $1', [methodId]);
  return rows[0]?.provider_token ?? null;
}

/** Confirm (portal) or Enroll (legacy): the homeowner signs; a portal enrollment gets its children. */
async function confirmEnrollment(req: RequestOf<'confirmAutoDraft'> | RequestOf<'enrollLegacyAutoDraft'>, services: Services, draftedBy: DraftedBy): Promise<AutoDraftView> {
  const { userId } = principalOf(req);
  const now = services.clock();
  const confirmed = await services.db.transaction(async (tx) => {
    const row = await lockAutoDraft(tx, userId, req.body.autoDraftId);
    if (row.status === 'removed') throw paymentError('PAY008', REMOVED);
    if (row.drafted_by !== draftedBy) throw paymentError('AD002', CONFIRM_WRONG_WAY[row.drafted_by]);
    if (row.status !== 'setup') return { row, text: null }; // confirmed already: the same answer, nothing recorded again
    if (setupExpired(row.created_at, now)) throw paymentError('PAY008', 'This auto-draft was set up more than 24 hours ago and was not signed in time. Set it up again.');
    if (!(row.next_pull_date > appDate(now))) throw paymentError('PAY008', 'The first draft date of this auto-draft has passed. Set it up again with a later month.');
    if (row.payments_blocked) throw paymentError('PAY004');
    await checkCanEnroll(tx, Number(row.account_id), row.id);
    if (draftedBy === 'portal') {
      checkCanDraft(services, row);
      await createChildren(tx, row, row.next_pull_date, now);
    }
    await tx.query(`UPDATE auto_draft_enrollments SET status = 'active', updated_at = $2 WHERE id = $1`, [row.id, now]);
    const active = await loadAutoDraft(tx, userId, row.id);
    return { row: active, text: await recordAutoDraftAuthorization(tx, active, req.ip, now) };
  }).catch((error: unknown) => {
    if (isSecondEnrollment(error)) throw paymentError('PAY013');
    throw error;
  });
  if (confirmed.text !== null) {
    await mailAutoDraftAuthorization(services, confirmed.row, confirmed.text, false);
    if (draftedBy === 'management_company') {
      const token = await providerTokenOf(services.db, Number(confirmed.row.payment_method_id));
      await mailManagementCompany(services, confirmed.row, `${confirmed.row.first_name} ${confirmed.row.last_name} enrolled account ${confirmed.row.account_number} in auto-draft. Please draft it from your accounting system.`, token);
    }
  }
  return autoDraftView(confirmed.row, now);
}

export const confirmAutoDraft: OperationHandler<'confirmAutoDraft'> = async (req, services) => ({ status: 200, body: await confirmEnrollment(req, services, 'portal') });
export const enrollLegacyAutoDraft: OperationHandler<'enrollLegacyAutoDraft'> = async (req, services) => ({
  status: 200,
  body: await confirmEnrollment(req, services, 'management_company'),
});

export const listAutoDrafts: OperationHandler<'listAutoDrafts'> = async (req, services) => {
  const { userId } = principalOf(req);
  const q = req.query;
  const now = services.clock();
  // The account, when named, is the caller's (x-policy).
  const { rows } = await services.db.query<AutoDraftRow>(
    `${AUTO_DRAFT_SELECT}
      WHERE e.user_id = $1 AND ac.owner_user_id = $1 AND e.status <> 'removed'
        AND ($2::text IS NULL OR ac.account_number = $2)
        AND ($3::boolean IS NULL OR (e.drafted_by = 'portal') = $3)
        AND (e.status <> 'setup' OR e.created_at > $4)
      ORDER BY e.created_at, e.id`,
    [userId, q.accountNumber ?? null, q.portalEnabled ?? null, openSetupsSince(now)],
  );
  const views = rows.map((row) => autoDraftView(row, now));
  views.sort((a, b) => (a.nextPullDate < b.nextPullDate ? -1 : a.nextPullDate > b.nextPullDate ? 1 : 0));
  return { status: 200, body: { autoDraftEnrollments: views } };
};

export const cancelAutoDraft: OperationHandler<'cancelAutoDraft'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  const removed = await services.db.transaction(async (tx) => {
    const row = await lockAutoDraft(tx, userId, req.params.id);
    if (row.status === 'removed') return null;
    if (!autoDraftChangeableNow(row, now)) throw paymentError('PAY012', PAST_CUTOFF);
    await tx.query(`UPDATE auto_draft_enrollments SET status = 'removed', removed_at = $2, updated_at = $2 WHERE id = $1`, [row.id, now]);
    await removeChildren(tx, row.id, now);
    await retireAutoDraftMethod(tx, Number(row.payment_method_id), now);
    return row;
  });
  if (removed?.drafted_by === 'management_company' && removed.status !== 'setup') {
    await mailManagementCompany(services, removed, `${removed.first_name} ${removed.last_name} removed the auto-draft of account ${removed.account_number}. Please stop drafting it.`, null);
  }
  return { status: 204 };
};
