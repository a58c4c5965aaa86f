// The express payer of an express-pay operation (x-policy principal `express`: a session token
// scoped to one checkout link and its sub-ledger), and the payments it may see: those made through
// a checkout link of the same sub-ledger and owner (the route guard refuses others, 404 PAY009).
import { expressOf, type ExpressCaller, type OperationRequest } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import type { Payer } from '../../payments/service.ts';
import type { PaymentRowStatus } from '../../payments/billing.ts';
import type { CardBrand } from '../../payments/provider.ts';
import { paymentError } from '../../payments/errors.ts';

export { expressOf };

export function expressPayer(req: OperationRequest): Payer {
  const e = expressOf(req);
  return { kind: 'express', userId: e.userId, subLedgerId: e.subLedgerId, email: e.email };
}

export interface ExpressPaymentRow {
  id: string;
  status: PaymentRowStatus;
  amount_cents: string | number;
  fee_cents: string | number;
  total_cents: string | number;
  method_kind: 'card' | 'bank';
  method_brand: CardBrand | null;
  method_last4: string | null;
  confirmation_number: string | null;
  confirmed_at: Date | null;
  created_at: Date;
  setup_intent_id: string | null;
  client_secret: string | null;
  hosted_entry_url: string | null;
  acknowledged_at: Date | null;
}

export const EXPRESS_PAYMENT_SELECT = `SELECT p.id, p.status, p.amount_cents, p.fee_cents, p.total_cents, p.method_kind, p.method_brand, p.method_last4,
       p.confirmation_number, p.confirmed_at, p.created_at, ep.setup_intent_id, ep.client_secret, ep.hosted_entry_url, ep.acknowledged_at
  FROM payments p
  JOIN express_payments ep ON ep.payment_id = p.id
  JOIN checkout_links cl ON cl.id = ep.checkout_link_id
 WHERE p.sub_ledger_id = $1 AND cl.sub_ledger_id = $1 AND cl.owner_user_id = $2`;

/** The caller's express payment (already in scope; 404 PAY009 only if it vanished meanwhile). */
export async function ownExpressPayment(db: Queryable, e: ExpressCaller, paymentId: string): Promise<ExpressPaymentRow> {
  const { rows } = await db.query<ExpressPaymentRow>(`${EXPRESS_PAYMENT_SELECT} AND p.id = $3`, [e.subLedgerId, e.userId, paymentId]);
  if (!rows[0]) throw paymentError('PAY009');
  return rows[0];
}
