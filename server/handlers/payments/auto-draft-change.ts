// Changing an auto-draft in place: PATCH /AutoDraft/{id} (pull day, bank account, skip the next
// draft, resume) and POST /AutoDraft/{id}/Review. A new pull day or bank account is a new
// authorization: the homeowner reads its text first (Review, which writes nothing) and the PATCH
// carries it as `agreedAuthorizationText`; without it, or when it is not the text of the change as
// the enrollment stands now, 409 PAY014 and nothing changes. See docs/server.md, "Auto-draft".
import { principalOf, type OperationHandler, type RequestOf, type Services } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { paymentError } from '../../payments/errors.ts';
import { appDate, badRequest } from '../../payments/billing.ts';
import { checkBankEntry, retireAutoDraftMethod, saveAutoDraftMethod, tokenizeBank, type CheckedBank } from '../../payments/auto-draft-bank.ts';
import { firstPullAfter, followingPull, movedPull, nextPullDateOf } from '../../payments/auto-draft-schedule.ts';
import { autoDraftChangeableNow, autoDraftView, loadAutoDraft, lockAutoDraft, statusOf } from '../../payments/auto-draft-store.ts';
import type { AutoDraftRow } from '../../payments/auto-draft-row.ts';
import { autoDraftAuthorizationText, mailAutoDraftAuthorization, mailManagementCompany, recordAutoDraftAuthorization } from '../../payments/auto-draft-authorization.ts';
import { moveChildren } from '../../payments/auto-draft-children.ts';
import type { TokenizedMethod } from '../../payments/provider.ts';
import { checkCanDraft, PAST_CUTOFF, providerTokenOf, REMOVED } from './auto-draft.ts';

type ChangeBody = RequestOf<'reviewAutoDraftChange'>['body'];
interface NewBank { bank: CheckedBank; methodId: number; last4: string }

/** Whether the body changes the terms an authorization names (its pull day or bank account). */
function changesTerms(row: AutoDraftRow, body: ChangeBody): boolean {
  return body.bank !== undefined || (body.pullDay !== undefined && body.pullDay !== Number(row.pull_day));
}

/** The locked enrollment, if it may be changed now (removed: PAY008; past its cutoff: PAY012). */
async function changeableEnrollment(q: Queryable, userId: number, id: string, now: Date, lock: boolean): Promise<AutoDraftRow> {
  const row = lock ? await lockAutoDraft(q, userId, id) : await loadAutoDraft(q, userId, id);
  if (row.status === 'removed') throw paymentError('PAY008', REMOVED);
  if (!autoDraftChangeableNow(row, now)) throw paymentError('PAY012', PAST_CUTOFF);
  return row;
}

/** Applies a change to the locked enrollment and its children. */
async function applyChanges(tx: Queryable, row: AutoDraftRow, body: RequestOf<'updateAutoDraft'>['body'], newBank: NewBank | null, now: Date): Promise<void> {
  const today = appDate(now);
  let next = nextPullDateOf(row, now);
  let day = Number(row.pull_day);
  const resume = body.resume === true && statusOf(row) === 'paused';
  if (body.pullDay !== undefined) {
    day = body.pullDay;
    next = movedPull(next, day, today);
  }
  if (body.skipNext) next = followingPull(next, day);
  if (resume) next = firstPullAfter(next, day, today);
  const methodId = newBank ? newBank.methodId : Number(row.payment_method_id);
  if (newBank && newBank.methodId !== Number(row.payment_method_id)) await retireAutoDraftMethod(tx, Number(row.payment_method_id), now);
  await tx.query(
    `UPDATE auto_draft_enrollments
        SET next_pull_date = $2, pull_day = $3, start_month = CASE WHEN status = 'setup' THEN date_trunc('month', $2::date)::date ELSE start_month END,
            payment_method_id = $4, bank_name = $5, routing_number = $6, account_type = $7, last4 = $8, signature = $9, updated_at = $10
      WHERE id = $1`,
    [row.id, next, day, methodId, newBank?.bank.bankName ?? row.bank_name, newBank?.bank.routingNumber ?? row.routing_number,
     newBank?.bank.accountType ?? row.account_type, newBank?.last4 ?? row.last4, newBank?.bank.signature ?? row.signature, now],
  );
  const moveDates = body.pullDay !== undefined || body.skipNext === true;
  await moveChildren(tx, row.id, { nextPullDate: next, pullDay: day, paymentMethodId: methodId, moveDates, resume }, now);
}

class DryRun extends Error {
  readonly outcome: AutoDraftRow;
  constructor(outcome: AutoDraftRow) {
    super('dry run');
    this.outcome = outcome;
  }
}

/**
 * The enrollment as the change would leave it, computed by applying the change in a transaction
 * that is rolled back: the review and the agreement can never name different terms. The new bank
 * account is not sent to the provider for this; its display details come from what was typed.
 */
async function changedEnrollment(services: Services, userId: number, id: string, body: ChangeBody, bank: CheckedBank | null, now: Date): Promise<AutoDraftRow> {
  try {
    await services.db.transaction(async (tx) => {
      const row = await changeableEnrollment(tx, userId, id, now, true);
      const newBank = bank ? { bank, methodId: Number(row.payment_method_id), last4: bank.accountNumber.slice(-4) } : null;
      await applyChanges(tx, row, body, newBank, now);
      throw new DryRun(await loadAutoDraft(tx, userId, row.id));
    });
  } catch (error) {
    if (error instanceof DryRun) return error.outcome;
    throw error;
  }
  throw new Error('a dry run always rolls back');
}

function checkChangeBody(body: ChangeBody & { skipNext?: boolean }): CheckedBank | null {
  if (body.pullDay !== undefined && body.skipNext) throw badRequest('Give either pullDay or skipNext, not both.');
  return body.bank ? checkBankEntry(body.bank) : null;
}

/** The authorization a new pull day or bank account needs, shown before the homeowner agrees (nothing is written). */
export const reviewAutoDraftChange: OperationHandler<'reviewAutoDraftChange'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  const bank = checkChangeBody(req.body);
  const before = await changeableEnrollment(services.db, userId, req.params.id, now, false);
  if (bank) checkCanDraft(services, before);
  const changed = await changedEnrollment(services, userId, req.params.id, req.body, bank, now);
  return { status: 200, body: { autoDraft: autoDraftView(changed, now), authorizationText: autoDraftAuthorizationText(changed, now) } };
};

export const updateAutoDraft: OperationHandler<'updateAutoDraft'> = async (req, services) => {
  const { userId } = principalOf(req);
  const { agreedAuthorizationText, ...body } = req.body;
  const now = services.clock();
  const bank = checkChangeBody(body);
  const before = await changeableEnrollment(services.db, userId, req.params.id, now, false);
  // A setup is authorized by its Confirm; new terms of a signed enrollment only with the text of
  // their authorization agreed to, checked before the new bank account reaches the provider.
  const needsAgreement = changesTerms(before, body) && before.status !== 'setup';
  if (needsAgreement) {
    const expected = autoDraftAuthorizationText(await changedEnrollment(services, userId, before.id, body, bank, now), now);
    if (agreedAuthorizationText !== expected) throw paymentError('PAY014');
  }
  let method: TokenizedMethod | null = null;
  if (bank) {
    checkCanDraft(services, before);
    method = await tokenizeBank(services, { userId, merchantAccount: before.provider_account, bank });
  }
  const changed = await services.db.transaction(async (tx) => {
    const row = await changeableEnrollment(tx, userId, req.params.id, now, true);
    const newBank =
      bank && method
        ? { bank, last4: method.last4, methodId: await saveAutoDraftMethod(tx, { userId, associationId: Number(row.association_id), merchantAccount: row.provider_account!, method, now }) }
        : null;
    await applyChanges(tx, row, body, newBank, now);
    const updated = await loadAutoDraft(tx, userId, row.id);
    if (!(changesTerms(row, body) && row.status !== 'setup')) return { row: updated, text: null };
    // Checked again under the lock: the enrollment may have changed since the first check.
    if (agreedAuthorizationText !== autoDraftAuthorizationText(updated, now)) throw paymentError('PAY014');
    return { row: updated, text: await recordAutoDraftAuthorization(tx, updated, req.ip, now) };
  });
  if (changed.text !== null) await mailAutoDraftAuthorization(services, changed.row, changed.text, true);
  if (changed.row.drafted_by === 'management_company' && changed.row.status !== 'setup') {
    const token = await providerTokenOf(services.db, Number(changed.row.payment_method_id));
    await mailManagementCompany(services, changed.row, `${changed.row.first_name} ${changed.row.last_name} changed the auto-draft of account ${changed.row.account_number}${body.skipNext ? ' (the next draft is skipped)' : ''}. Please update your accounting system.`, token);
  }
  return { status: 200, body: autoDraftView(changed.row, now) };
};
