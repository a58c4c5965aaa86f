// Express pay: the link -> session exchange, the link's account, and its express payments.
import type { OperationHandler, ResultOf } from '../types.ts';
import { oneLineAddress } from '../payments/accounts.ts';
import { associationLook } from '../../branding/look.ts';
import { loadFeeRules } from '../../payments/service.ts';
import { paymentError } from '../../payments/errors.ts';
import { exchangeLink } from '../../payments/express-links.ts';
import { EXPRESS_PAYMENT_SELECT, expressOf, type ExpressPaymentRow } from './express.ts';
import { acceptedKinds } from '../../features/accepted.ts';

export const authenticateExpressPay: OperationHandler<'authenticateExpressPay'> = async (req, services) => {
  const body = req.body;
  // Links are unguessable; still, bound the verification work per IP like sign-in.
  await services.rateLimiter.consume('authenticateIp', 'express-pay', req.ip);
  const session = await exchangeLink({ db: services.db, clock: services.clock, tokens: services.expressTokens }, body.link);
  return { status: 200, body: { token: session.token, expiresAt: session.expiresAt.toISOString() } };
};

interface AccountRow {
  account_number: string;
  association_id: number;
  association_name: string;
  logo_url: string | null;
  design_template: string;
  management_company_id: number;
  banner_url: string | null;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  sub_ledger_id: number;
  sub_ledger_name: string;
  balance_cents: string | number;
  accepts_card: boolean;
  accepts_bank: boolean;
  provider_account: string | null;
}

export const getExpressAccount: OperationHandler<'getExpressAccount'> = async (req, services) => {
  const e = expressOf(req);
  const { rows } = await services.db.query<AccountRow>(
    `SELECT ac.account_number, a.id AS association_id, a.name AS association_name, a.logo_url, a.design_template, a.management_company_id, a.banner_url,
            ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code,
            sl.id AS sub_ledger_id, sl.name AS sub_ledger_name, sl.balance_cents, a.accepts_card, a.accepts_bank, a.provider_account
       FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id JOIN associations a ON a.id = ac.association_id
      WHERE sl.id = $1 AND ac.id = $2`,
    [e.subLedgerId, e.ownerId],
  );
  const r = rows[0];
  if (!r) throw paymentError('GP002');
  const associationId = Number(r.association_id);
  const rules = await loadFeeRules(services.db, associationId);
  const accepts = await acceptedKinds(services.db, services.settings, associationId, { card: r.accepts_card === true, bank: r.accepts_bank === true });
  const look = await associationLook(services.settings, { ...r, id: associationId });
  return {
    status: 200,
    body: {
      accountNumber: r.account_number,
      associationId,
      associationName: r.association_name,
      logoUrl: look.logoUrl,
      designTemplate: look.designTemplate,
      faviconUrl: look.faviconUrl,
      themeOverrides: look.themeOverrides,
      address: oneLineAddress(r),
      subLedgerId: Number(r.sub_ledger_id),
      subLedgerName: r.sub_ledger_name,
      balance: Number(r.balance_cents),
      acceptsCard: accepts.card,
      acceptsBank: accepts.bank,
      fees: rules.filter((f) => (f.methodKind === 'card' ? accepts.card : accepts.bank)),
      // A merchant account, a provider, and not a provider test account ('acct_test_unconnected…',
      // on which every payment answers PA007 "Test Account Detected").
      providerConnected: services.paymentProvider !== null && r.provider_account !== null && !r.provider_account.startsWith('acct_test_unconnected'),
    },
  };
};

type PaymentSummary = Extract<ResultOf<'listExpressPayments'>, { status: 200 }>['body']['payments'][number];

/** A payment as listExpressPayments shows it: never a setup, a future payment or a cancelled one. */
export function paymentSummary(p: ExpressPaymentRow): PaymentSummary {
  if (p.status === 'setup' || p.status === 'scheduled' || p.status === 'cancelled') {
    throw new Error(`listExpressPayments: payment ${p.id} is ${p.status}, which the list leaves out`);
  }
  const method: PaymentSummary['method'] = { kind: p.method_kind };
  if (p.method_kind === 'card' && p.method_brand) method.brand = p.method_brand;
  if (p.method_last4) method.last4 = p.method_last4;
  return {
    paymentId: p.id,
    confirmationNumber: p.confirmation_number,
    status: p.status,
    amountCents: Number(p.amount_cents),
    feeCents: Number(p.fee_cents),
    totalCents: Number(p.total_cents),
    method,
    createdAt: new Date(p.confirmed_at ?? p.created_at).toISOString(),
    acknowledged: p.acknowledged_at !== null,
  };
}

export const listExpressPayments: OperationHandler<'listExpressPayments'> = async (req, services) => {
  const e = expressOf(req);
  const { rows } = await services.db.query<ExpressPaymentRow>(
    `${EXPRESS_PAYMENT_SELECT} AND p.status NOT IN ('setup', 'cancelled') ORDER BY COALESCE(p.confirmed_at, p.created_at) DESC, p.id`,
    [e.subLedgerId, e.userId],
  );
  return { status: 200, body: { payments: rows.map(paymentSummary) } };
};
