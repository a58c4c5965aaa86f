// A card or bank account entered for a one-time payment (not on the manage page) is kept as a saved
// method only when the payer asked for it ("Save for future payments") and its charge went
// through: a card charge succeeded, or the bank accepted the debit (pending). A declined or failed
// charge keeps nothing. The request is a row of payment_method_setups for the payment's setup
// intent with no method yet; the method is stored once the charge is recorded.
import type { Queryable } from '../db/index.ts';
import type { Services } from '../handlers/types.ts';
import { saveTokenizedMethod } from './billing.ts';
import type { MethodKind } from './provider.ts';

/** Records that the method to be entered on `setupIntentId` is to be kept once its payment is paid. */
export async function requestKeepingMethod(
  q: Queryable,
  input: { userId: number; associationId: number; merchantAccount: string; setupIntentId: string; kind: MethodKind; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO payment_method_setups (setup_intent_id, owner_user_id, association_id, kind, merchant_account, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (setup_intent_id) DO NOTHING`,
    [input.setupIntentId, input.userId, input.associationId, input.kind, input.merchantAccount, input.now],
  );
}

/** Whether the setup intent belongs to a payment that has not been paid yet (its method is not to be saved before). */
export async function intentAwaitsPayment(q: Queryable, setupIntentId: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM payments WHERE setup_intent_id = $1 AND status NOT IN ('succeeded', 'pending') LIMIT 1`,
    [setupIntentId],
  );
  return rows.length > 0;
}

/**
 * After Confirm: when the payment was paid with a method entered for it and the payer asked to keep
 * it, stores it as a saved method and ties the payment to it. Repeats do nothing more.
 */
export async function keepMethodIfAsked(services: Services, userId: number, paymentId: string): Promise<void> {
  const { rows } = await services.db.query<{ setup_intent_id: string; association_id: number; merchant_account: string }>(
    `SELECT s.setup_intent_id, s.association_id, s.merchant_account
       FROM payments p JOIN payment_method_setups s ON s.setup_intent_id = p.setup_intent_id AND s.owner_user_id = $2
      WHERE p.id = $1 AND p.status IN ('succeeded', 'pending') AND s.payment_method_id IS NULL`,
    [paymentId, userId],
  );
  const request = rows[0];
  if (!request || !services.paymentProvider) return;
  const intent = await services.paymentProvider.retrieveSetupIntent(request.setup_intent_id);
  if (intent.status !== 'succeeded' || !intent.method) return;
  const method = intent.method;
  await services.db.transaction(async (tx) => {
    const id = await saveTokenizedMethod(tx, {
      userId,
      associationId: Number(request.association_id),
      merchantAccount: request.merchant_account,
      setupIntentId: request.setup_intent_id,
      method,
      now: services.clock(),
    });
    await tx.query('UPDATE payments SET payment_method_id = $2 WHERE id = $1 AND payment_method_id IS NULL', [paymentId, id]);
  });
}
