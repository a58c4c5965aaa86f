// Recurring payments: POST /RecurringPayment/Setup, PUT /RecurringPayment/Setup/{id}/Confirm,
// GET /RecurringPayment, PATCH and DELETE /RecurringPayment/{id}. Rows of recurring_payments:
// setup -> active (Confirm, which keeps the authorization and mails a copy) <-> paused (two failed
// payments in a row; resume) -> removed. The due work 'payments.recurring'
// (server/payments/recurring-due-work.ts) charges each occurrence. An active schedule can be
// changed or removed until 8:00 pm New York time the day before its next payment (the cutoff of
// future payments); after that 409 PAY012 and nothing changes. A setup (nothing authorized yet) and
// a paused schedule (nothing is charged) have no cutoff. An account with an auto-draft enrollment
// takes no recurring payment (409 PAY013; one-per-account.ts), and an enrollment's child schedules
// (auto_draft_id set) are not listed or changed here. Only confirmed schedules hold a sub-ledger: a
// set-up left unconfirmed never blocks another one, and lapses after 24 hours (setup-expiry.ts).
import { principalOf, type OperationHandler, type Services } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { idempotencyKeyOf } from '../../payments/index.ts';
import { withIdempotency } from '../../payments/idempotency.ts';
import { paymentError } from '../../payments/errors.ts';
import { payerScope } from '../../payments/service.ts';
import { appDate, badRequest, billingError, fieldErrors, checkMethodFor, loadMethod, ownedSubLedger, providerConnected, type MethodRow, type OwnedSubLedger } from '../../payments/billing.ts';
import { amountColumns } from '../../payments/recurring-amount.ts';
import { authorizationText, mailAuthorization, recordAuthorization } from '../../payments/recurring-authorization.ts';
import { dayOfMonthOf, firstOccurrenceAfter, followingOccurrence } from '../../payments/recurring-schedule.ts';
import { hasEnrollment, lockAccountOfSubLedger } from '../../payments/one-per-account.ts';
import { openSetupsSince, setupExpired } from '../../payments/setup-expiry.ts';
import { ownerDate } from '../../../flows/dates.ts';
import {
  RECURRING_SELECT,
  changeableNow,
  isSecondSchedule,
  loadRecurring,
  newRecurringPaymentId,
  recurringView,
} from '../../payments/recurring-store.ts';
import type { RecurringRow } from '../../payments/recurring-row.ts';

const DATE_NAMES = { startDate: 'The first payment date', nextPaymentDate: 'The next payment date' } as const;

/** A date after today (America/New_York); else 400 VAL001 naming the field, shown by it in the form. */
function checkFutureDate(field: keyof typeof DATE_NAMES, date: string, now: Date): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !(date > appDate(now))) {
    throw fieldErrors({ [field]: `${DATE_NAMES[field]} must be after today (${ownerDate(appDate(now))}, Eastern time).` });
  }
}

/** The association takes this method's kind, and payments through a connected provider. */
function checkCanCharge(services: Services, ledger: OwnedSubLedger, method: MethodRow): void {
  checkMethodFor(method, ledger);
  if ((method.kind === 'card' && !ledger.accepts_card) || (method.kind === 'bank' && !ledger.accepts_bank)) throw paymentError('GP003');
  if (!services.paymentProvider) throw paymentError('PAY010');
  if (!providerConnected(services, ledger.provider_account)) throw paymentError('PA007');
}

/** Whether the sub-ledger has a confirmed schedule (active or paused); set-ups waiting for Confirm do not count. */
async function hasConfirmedSchedule(q: Queryable, subLedgerId: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM recurring_payments WHERE sub_ledger_id = $1 AND status IN ('active', 'paused') LIMIT 1`, [subLedgerId]);
  return rows.length > 0;
}

export const setupRecurringPayment: OperationHandler<'setupRecurringPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  checkFutureDate('startDate', body.startDate, services.clock());
  const answer = await withIdempotency(
    services.db,
    services.clock,
    { scope: payerScope({ kind: 'user', userId, email: null }), operation: 'setupRecurringPayment', key: idempotencyKeyOf(req.headers), request: body },
    async () => {
      const ledger = await ownedSubLedger(services.db, userId, body.subLedgerId);
      const method = await loadMethod(services.db, userId, body.paymentMethodId);
      if (ledger.payments_blocked) throw paymentError('PAY004');
      checkCanCharge(services, ledger, method);
      const id = newRecurringPaymentId();
      const amount = amountColumns(body.amount);
      const now = services.clock();
      try {
        await services.db.transaction(async (tx) => {
          // Under the account's lock: an auto-draft enrollment set up meanwhile is seen.
          const accountId = await lockAccountOfSubLedger(tx, body.subLedgerId);
          if (accountId === null || (await hasEnrollment(tx, accountId))) throw paymentError('PAY013');
          if (await hasConfirmedSchedule(tx, body.subLedgerId)) throw paymentError('PAY013');
          await tx.query(
            `INSERT INTO recurring_payments (id, user_id, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date,
                                             amount_kind, amount_cents, basis_points, maximum_cents, status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, 'setup', $12, $12)`,
            [id, userId, body.subLedgerId, body.paymentMethodId, body.frequency, dayOfMonthOf(body.startDate), body.startDate,
             amount.amount_kind, amount.amount_cents, amount.basis_points, amount.maximum_cents, now],
          );
        });
      } catch (error) {
        if (isSecondSchedule(error)) throw paymentError('PAY013');
        throw error;
      }
      const row = await loadRecurring(services.db, userId, id);
      return { recurringPayment: recurringView(row, now), authorizationText: authorizationText(row) };
    },
    { log: services.log },
  );
  return { status: 201, body: answer };
};

export const confirmRecurringPayment: OperationHandler<'confirmRecurringPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  const confirmed = await services.db.transaction(async (tx) => {
    // The account's lock first (the order auto-draft takes too), then the schedule's.
    const { rows: ledger } = await tx.query<{ sub_ledger_id: number }>(`SELECT sub_ledger_id FROM recurring_payments WHERE id = $1 AND user_id = $2`, [req.params.id, userId]);
    const accountId = ledger[0] ? await lockAccountOfSubLedger(tx, Number(ledger[0].sub_ledger_id)) : null;
    const row = await loadRecurring(tx, userId, req.params.id, { lock: true });
    if (row.status === 'removed') throw paymentError('PAY008', 'This recurring payment was removed.');
    if (row.status !== 'setup') return { row, text: null }; // confirmed already: the same answer, nothing recorded again
    if (setupExpired(row.created_at, now)) {
      throw paymentError('PAY008', 'This recurring payment was set up more than 24 hours ago and was not authorized in time. Set it up again.');
    }
    if (!(row.next_payment_date > appDate(now))) {
      throw paymentError('PAY008', 'The first payment date of this recurring payment has passed. Choose a later date and confirm again.');
    }
    if (row.payments_blocked) throw paymentError('PAY004');
    if (accountId !== null && (await hasEnrollment(tx, accountId))) throw paymentError('PAY013');
    // Another set-up of this sub-ledger confirmed first (another tab): that one stands.
    if (await hasConfirmedSchedule(tx, Number(row.sub_ledger_id))) throw paymentError('PAY013');
    if (!row.method_active) throw billingError('PM001');
    checkCanCharge(services, await ownedSubLedger(tx, userId, Number(row.sub_ledger_id)), await loadMethod(tx, userId, Number(row.payment_method_id)));
    await tx.query(`UPDATE recurring_payments SET status = 'active', updated_at = $2 WHERE id = $1`, [row.id, now]);
    const active = { ...row, status: 'active' as const };
    return { row: active, text: await recordAuthorization(tx, active, req.ip, now) };
  }).catch((error: unknown) => {
    if (isSecondSchedule(error)) throw paymentError('PAY013');
    throw error;
  });
  if (confirmed.text !== null) await mailAuthorization(services, confirmed.row, confirmed.text, false);
  return { status: 200, body: recurringView(confirmed.row, now) };
};

export const listRecurringPayments: OperationHandler<'listRecurringPayments'> = async (req, services) => {
  const { userId } = principalOf(req);
  const q = req.query;
  const now = services.clock();
  // The account and sub-ledger, when named, are the caller's (x-policy).
  const { rows } = await services.db.query<RecurringRow>(
    `${RECURRING_SELECT}
      WHERE r.user_id = $1 AND ac.owner_user_id = $1 AND r.status <> 'removed' AND r.auto_draft_id IS NULL
        AND ($2::text IS NULL OR ac.account_number = $2)
        AND ($3::integer IS NULL OR r.sub_ledger_id = $3)
        AND ($4::date IS NULL OR r.next_payment_date = $4::date)
        AND (r.status <> 'setup' OR r.created_at > $5)
      ORDER BY r.next_payment_date, r.created_at, r.id`,
    [userId, q.accountNumber ?? null, q.subLedgerId ?? null, q.nextPaymentDate ?? null, openSetupsSince(now)],
  );
  return { status: 200, body: { recurringPayments: rows.map((row) => recurringView(row, now)) } };
};

type ChangeBody = Parameters<OperationHandler<'updateRecurringPayment'>>[0]['body'];

/** Whether a PATCH body changes what the homeowner authorized: amount rule, maximum, frequency, method or next date. */
function changesTerms(body: ChangeBody): boolean {
  return body.amount !== undefined || body.paymentMethodId !== undefined || body.frequency !== undefined || body.nextPaymentDate !== undefined;
}

/** The schedule as a PATCH body would leave it (nothing written). */
async function changedRow(tx: Queryable, services: Services, userId: number, row: RecurringRow, body: ChangeBody, now: Date): Promise<RecurringRow> {
  const today = appDate(now);
  let next = row.next_payment_date;
  let day = Number(row.day_of_month);
  let frequency = row.frequency;
  let status = row.status;
  let failures = Number(row.consecutive_failures);
  if (body.frequency !== undefined) frequency = body.frequency;
  if (body.nextPaymentDate !== undefined) {
    next = body.nextPaymentDate;
    day = dayOfMonthOf(next);
  }
  if (body.skipNext) next = followingOccurrence(next, day, frequency);
  if (body.resume && status === 'paused') {
    status = 'active';
    failures = 0;
    next = firstOccurrenceAfter(next, day, frequency, today);
  }
  let method: Pick<RecurringRow, 'payment_method_id' | 'method_kind' | 'method_brand' | 'method_last4'> = row;
  if (body.paymentMethodId !== undefined) {
    const chosen = await loadMethod(tx, userId, body.paymentMethodId);
    checkCanCharge(services, await ownedSubLedger(tx, userId, Number(row.sub_ledger_id)), chosen);
    method = { payment_method_id: chosen.id, method_kind: chosen.kind, method_brand: chosen.brand, method_last4: chosen.last4 };
  }
  const amount = body.amount ? amountColumns(body.amount) : row;
  return {
    ...row, ...method, next_payment_date: next, start_date: row.status === 'setup' ? next : row.start_date, day_of_month: day, frequency, status,
    consecutive_failures: failures, amount_kind: amount.amount_kind, amount_cents: amount.amount_cents, basis_points: amount.basis_points,
    maximum_cents: amount.maximum_cents,
  };
}

async function writeChanges(tx: Queryable, r: RecurringRow, now: Date): Promise<void> {
  await tx.query(
    `UPDATE recurring_payments
        SET next_payment_date = $2, start_date = $3, day_of_month = $4, frequency = $5, status = $6, consecutive_failures = $7, payment_method_id = $8,
            amount_kind = $9, amount_cents = $10, basis_points = $11, maximum_cents = $12, updated_at = $13
      WHERE id = $1`,
    [r.id, r.next_payment_date, r.start_date, r.day_of_month, r.frequency, r.status, r.consecutive_failures, r.payment_method_id, r.amount_kind,
     r.amount_cents, r.basis_points, r.maximum_cents, now],
  );
}

function checkChangeBody(body: ChangeBody, now: Date): void {
  if (body.nextPaymentDate !== undefined) checkFutureDate('nextPaymentDate', body.nextPaymentDate, now);
  if (body.nextPaymentDate !== undefined && body.skipNext) throw badRequest('Give either nextPaymentDate or skipNext, not both.');
}

/** The locked schedule, if it may be changed now (removed: PAY008; past its cutoff: PAY012). */
async function changeableSchedule(tx: Queryable, userId: number, id: string, now: Date): Promise<RecurringRow> {
  const row = await loadRecurring(tx, userId, id, { lock: true });
  if (row.status === 'removed') throw paymentError('PAY008', 'This recurring payment was removed.');
  if (!changeableNow(row, now)) throw paymentError('PAY012');
  return row;
}

/**
 * The authorization a change of terms needs, shown before the homeowner agrees to it: nothing is
 * written; the schedule, its next charge and notices stay as they are until the PATCH that agrees.
 */
export const reviewRecurringPaymentChange: OperationHandler<'reviewRecurringPaymentChange'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  checkChangeBody(req.body, now);
  const changed = await services.db.transaction(async (tx) => {
    const row = await changeableSchedule(tx, userId, req.params.id, now);
    return changedRow(tx, services, userId, row, req.body, now);
  });
  return { status: 200, body: { recurringPayment: recurringView(changed, now), authorizationText: authorizationText(changed) } };
};

export const updateRecurringPayment: OperationHandler<'updateRecurringPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const { agreedAuthorizationText, ...body } = req.body;
  const now = services.clock();
  checkChangeBody(body, now);
  const changed = await services.db.transaction(async (tx) => {
    const row = await changeableSchedule(tx, userId, req.params.id, now);
    const updated = await changedRow(tx, services, userId, row, body, now);
    // A setup is authorized by its Confirm; new terms of a confirmed schedule only with the text of
    // their authorization agreed to, as it stands now (reviewRecurringPaymentChange shows it).
    const text = changesTerms(body) && row.status !== 'setup' ? authorizationText(updated) : null;
    if (text !== null && agreedAuthorizationText !== text) throw paymentError('PAY014');
    await writeChanges(tx, updated, now);
    if (text !== null) await recordAuthorization(tx, updated, req.ip, now);
    return { row: await loadRecurring(tx, userId, row.id), text };
  });
  if (changed.text !== null) await mailAuthorization(services, changed.row, changed.text, true);
  return { status: 200, body: recurringView(changed.row, now) };
};

export const cancelRecurringPayment: OperationHandler<'cancelRecurringPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const row = await loadRecurring(tx, userId, req.params.id, { lock: true });
    if (row.status === 'removed') return;
    if (!changeableNow(row, now)) throw paymentError('PAY012');
    await tx.query(`UPDATE recurring_payments SET status = 'removed', removed_at = $2, updated_at = $2 WHERE id = $1`, [row.id, now]);
  });
  return { status: 204 };
};
