// The payments domain as the handlers use it: one PaymentService per app (Services), and the
// guest configuration shared by the guest-pay operations. See docs/payments.md.
import type { Queryable } from '../db/index.ts';
import { associationLook, type AssociationColumns } from '../branding/look.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Services } from '../handlers/types.ts';
import { LARGE_AMOUNT_THRESHOLD_CENTS } from '../../flows/fees.ts';
import { createPaymentService, loadFeeRules, type PaymentHooks, type PaymentService } from './service.ts';
import { paymentError } from './errors.ts';
import { acceptedKinds } from '../features/accepted.ts';

export { createPaymentService, type PaymentService } from './service.ts';

const services = new WeakMap<Services, PaymentService>();

/** The app's payment service (created once per Services). */
export function paymentServiceFor(s: Services, hooks?: PaymentHooks): PaymentService {
  if (hooks) return createPaymentService({ db: s.db, clock: s.clock, provider: s.paymentProvider, mailer: s.mailer, log: s.log, hooks });
  let service = services.get(s);
  if (!service) {
    service = createPaymentService({ db: s.db, clock: s.clock, provider: s.paymentProvider, mailer: s.mailer, log: s.log });
    services.set(s, service);
  }
  return service;
}

/** The Idempotency-Key request header, if any (repeated headers: the first). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined> | undefined): string | null {
  const value = headers?.['idempotency-key'];
  if (Array.isArray(value)) return value[0] ?? null;
  return typeof value === 'string' ? value : null;
}

export interface GuestConfiguration {
  association: { id: number; code: string; name: string; logoUrl: string | null; designTemplate: string; faviconUrl: string | null; themeOverrides: Record<string, string> };
  acceptsCard: boolean;
  acceptsBank: boolean;
  largeAmountThresholdCents: number;
  largeAmountFeeBasisPoints: number;
  fees: { methodKind: 'card' | 'bank'; kind: 'flat' | 'percent'; flatCents?: number; basisPoints?: number; exemptRecurring: boolean }[];
}

/** An association's guest configuration by code or id; 404 GP001 when there is none. */
export async function guestConfiguration(db: Queryable, settings: SettingsService, by: { code?: string; id?: number }): Promise<GuestConfiguration> {
  const { rows } = await db.query<AssociationColumns & { code: string; name: string; accepts_card: boolean; accepts_bank: boolean; large_amount_fee_bps: number }>(
    `SELECT id, management_company_id, code, name, logo_url, banner_url, design_template, accepts_card, accepts_bank, large_amount_fee_bps FROM associations
      WHERE ($1::text IS NOT NULL AND code = lower($1)) OR ($2::integer IS NOT NULL AND id = $2)`,
    [by.code ?? null, by.id ?? null],
  );
  const a = rows[0];
  if (!a) throw paymentError('GP001');
  const rules = await loadFeeRules(db, Number(a.id));
  const look = await associationLook(settings, a);
  const accepts = await acceptedKinds(db, settings, Number(a.id), { card: a.accepts_card === true, bank: a.accepts_bank === true });
  return {
    association: {
      id: Number(a.id), code: a.code, name: a.name, logoUrl: look.logoUrl, designTemplate: look.designTemplate, faviconUrl: look.faviconUrl, themeOverrides: look.themeOverrides,
    },
    acceptsCard: accepts.card,
    acceptsBank: accepts.bank,
    largeAmountThresholdCents: LARGE_AMOUNT_THRESHOLD_CENTS,
    largeAmountFeeBasisPoints: Number(a.large_amount_fee_bps),
    fees: rules.filter((r) => (r.methodKind === 'card' ? accepts.card : accepts.bank)),
  };
}
