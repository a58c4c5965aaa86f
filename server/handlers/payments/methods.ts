// Payment options and saved payment methods (per association): GET /Association/{id}/PaymentOption,
// GET /PaymentMethod, POST /PaymentMethod/Setup (+ /{setupIntentId}/Confirm), GET and DELETE
// /PaymentMethod/{id}. Methods are tokenized by the provider's hosted page; we keep the token and
// display details only. An auto-draft's bank account (payment_methods.purpose 'auto_draft') is not
// a saved method: it is neither listed nor removed here, and pays nothing but its enrollment.
import { principalOf, type OperationHandler } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { LARGE_AMOUNT_THRESHOLD_CENTS } from '../../../flows/fees.ts';
import { paymentError } from '../../payments/errors.ts';
import { loadFeeRules, payerScope } from '../../payments/service.ts';
import { intentAwaitsPayment } from '../../payments/keep-method.ts';
import { ProviderNotConnectedError, type MethodKind } from '../../payments/provider.ts';
import { TIED_TO_METHOD, METHOD_SELECT, beforeChangeCutoff, billingError, loadMethod, methodView, providerConnected, saveTokenizedMethod, type MethodRow } from '../../payments/billing.ts';
import { acceptedKinds } from '../../features/accepted.ts';

interface AssociationRow {
  id: number;
  provider_account: string | null;
  accepts_card: boolean;
  accepts_bank: boolean;
  has_account: boolean;
}

/**
 * The association named by the request (x-policy: one the caller owns an account in, sits on the
 * board of, or manages), and whether the caller has an account there (board members and staff
 * may have none).
 */
async function callerAssociation(q: Queryable, userId: number, associationId: number): Promise<AssociationRow> {
  const { rows } = await q.query<AssociationRow>(
    `SELECT a.id, a.provider_account, a.accepts_card, a.accepts_bank,
            EXISTS (SELECT 1 FROM accounts ac WHERE ac.association_id = a.id AND ac.owner_user_id = $2) AS has_account
       FROM associations a WHERE a.id = $1`,
    [associationId, userId],
  );
  if (!rows[0]) throw paymentError('GP001');
  return rows[0];
}

export const getPaymentOptions: OperationHandler<'getPaymentOptions'> = async (req, services) => {
  const { userId } = principalOf(req);
  const a = await callerAssociation(services.db, userId, req.params.id);
  const rules = await loadFeeRules(services.db, Number(a.id));
  const accepts = await acceptedKinds(services.db, services.settings, Number(a.id), { card: a.accepts_card === true, bank: a.accepts_bank === true });
  return {
    status: 200,
    body: {
      associationId: Number(a.id),
      acceptsCard: accepts.card,
      acceptsBank: accepts.bank,
      providerConnected: providerConnected(services, a.provider_account),
      largeAmountThresholdCents: LARGE_AMOUNT_THRESHOLD_CENTS,
      // The large amount fee applies to guest payments only.
      largeAmountFeeBasisPoints: 0,
      fees: rules.filter((r) => (r.methodKind === 'card' ? accepts.card : accepts.bank)),
    },
  };
};

export const listPaymentMethods: OperationHandler<'listPaymentMethods'> = async (req, services) => {
  const { userId } = principalOf(req);
  // A member of the association without an account there gets an empty list (nothing is saved for it).
  const associationId = req.query.associationId ?? null;
  const { rows } = await services.db.query<MethodRow>(
    `${METHOD_SELECT} WHERE pm.owner_user_id = $1 AND pm.active AND pm.purpose = 'saved' AND ($2::integer IS NULL OR pm.association_id = $2) ORDER BY pm.created_at, pm.id`,
    [userId, associationId],
  );
  return { status: 200, body: { paymentMethods: rows.map(methodView) } };
};

export const setupPaymentMethod: OperationHandler<'setupPaymentMethod'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  const a = await callerAssociation(services.db, userId, body.associationId);
  // A method is saved to pay an account: a member without one there has nothing to pay with it.
  if (!a.has_account) throw billingError('PM003');
  if ((body.kind === 'card' && !a.accepts_card) || (body.kind === 'bank' && !a.accepts_bank)) throw paymentError('GP003');
  const provider = services.paymentProvider;
  if (!provider) throw paymentError('PAY010');
  if (!a.provider_account) throw paymentError('PA007');
  let intent;
  try {
    intent = await provider.createSetupIntent({ merchantAccount: a.provider_account, kind: body.kind, customerRef: payerScope({ kind: 'user', userId, email: null }) });
  } catch (error) {
    if (error instanceof ProviderNotConnectedError) throw paymentError('PA007');
    throw error;
  }
  await services.db.query(
    `INSERT INTO payment_method_setups (setup_intent_id, owner_user_id, association_id, kind, merchant_account, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [intent.setupIntentId, userId, a.id, body.kind, a.provider_account, services.clock()],
  );
  return { status: 200, body: { setupIntentId: intent.setupIntentId, clientSecret: intent.clientSecret, hostedEntryUrl: intent.hostedEntryUrl } };
};

export const confirmPaymentMethodSetup: OperationHandler<'confirmPaymentMethodSetup'> = async (req, services) => {
  const { userId } = principalOf(req);
  const setupIntentId = req.params.setupIntentId;
  const { rows } = await services.db.query<{ association_id: number; kind: MethodKind; merchant_account: string; payment_method_id: number | null }>(
    'SELECT association_id, kind, merchant_account, payment_method_id FROM payment_method_setups WHERE setup_intent_id = $1 AND owner_user_id = $2',
    [setupIntentId, userId],
  );
  const setup = rows[0];
  if (!setup) throw billingError('PM001');
  const methodById = async (id: number) =>
    (await services.db.query<MethodRow>(`${METHOD_SELECT} WHERE pm.id = $1 AND pm.owner_user_id = $2`, [id, userId])).rows[0];
  if (setup.payment_method_id !== null) return { status: 200, body: { paymentMethod: methodView(await methodById(Number(setup.payment_method_id))) } };
  // A method entered for a payment is kept only once that payment went through (payments.ts).
  if (await intentAwaitsPayment(services.db, setupIntentId)) throw billingError('PM001');
  const provider = services.paymentProvider;
  if (!provider) throw paymentError('PAY010');
  const intent = await provider.retrieveSetupIntent(setupIntentId);
  if (intent.status !== 'succeeded' || !intent.method) throw paymentError('PAY005');
  const m = intent.method;
  if (m.kind !== setup.kind) throw paymentError('PAY006');
  const id = await services.db.transaction((tx) =>
    saveTokenizedMethod(tx, { userId, associationId: Number(setup.association_id), merchantAccount: setup.merchant_account, setupIntentId, method: m, now: services.clock() }),
  );
  return { status: 200, body: { paymentMethod: methodView(await methodById(id)) } };
};

export const getPaymentMethod: OperationHandler<'getPaymentMethod'> = async (req, services) => {
  const { userId } = principalOf(req);
  return { status: 200, body: methodView(await loadMethod(services.db, userId, req.params.id)) };
};

export const deletePaymentMethod: OperationHandler<'deletePaymentMethod'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  const now = services.clock();
  const cancelled = await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM payment_methods WHERE id = $1 AND owner_user_id = $2 AND active AND purpose = 'saved' FOR UPDATE`, [id, userId]);
    if (!rows[0]) throw billingError('PM001');
    // A scheduled payment past its change cutoff is made as scheduled: the method stays until then.
    const scheduled = await tx.query<{ scheduled_date: string }>(
      `SELECT to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date FROM payments p JOIN payment_methods pm ON pm.id = $1
        WHERE ${TIED_TO_METHOD} AND p.status = 'scheduled'`,
      [id],
    );
    if (scheduled.rows.some((p) => !beforeChangeCutoff(p.scheduled_date, now))) throw billingError('PM004');
    // Likewise an active recurring payment whose next payment is past its cutoff.
    const recurring = await tx.query<{ next_payment_date: string }>(
      `SELECT to_char(next_payment_date, 'YYYY-MM-DD') AS next_payment_date FROM recurring_payments
        WHERE payment_method_id = $1 AND status = 'active' FOR UPDATE`,
      [id],
    );
    if (recurring.rows.some((r) => !beforeChangeCutoff(r.next_payment_date, now))) throw billingError('PM004');
    await tx.query('UPDATE payment_methods SET active = false, deactivated_at = $2 WHERE id = $1', [id, now]);
    // Future payments not yet processed (spec: removing a saved method deactivates the payments tied
    // to it), and setups that would charge it. A payment already being charged is not touched.
    const result = await tx.query<{ was: string }>(
      `WITH tied AS (
         SELECT p.id, p.status FROM payments p JOIN payment_methods pm ON pm.id = $1
          WHERE ${TIED_TO_METHOD} AND (p.status = 'scheduled' OR (p.status = 'setup' AND p.charge_attempted_at IS NULL))
          FOR UPDATE OF p)
       UPDATE payments SET status = 'cancelled', cancelled_at = $2, updated_at = $2
         FROM tied WHERE payments.id = tied.id
       RETURNING tied.status AS was`,
      [id, now],
    );
    // Its recurring payments stop for good: a schedule cannot run without its method.
    const removedSchedules = await tx.query(
      `UPDATE recurring_payments SET status = 'removed', removed_at = $2, updated_at = $2
        WHERE payment_method_id = $1 AND status <> 'removed'`,
      [id, now],
    );
    return result.rows.filter((r) => r.was === 'scheduled').length + (removedSchedules.rowCount ?? 0);
  });
  return { status: 200, body: { deactivatedScheduledPayments: cancelled } };
};
