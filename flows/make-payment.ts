import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { computeFee, feeParts, type FeeMethodKind } from './fees.ts';
import { formatters } from './formatters.ts';
import { selectedLedgers, type SubLedgerAccount } from './shared/account-ledgers.ts';

// Signed-in payment form behaviour: which sub-ledgers and methods are offered, the live fee quote,
// and the decisions the form takes before Setup (spec sections 2, 4, 8, 9).

type SavedMethod = ResponseOf<'listPaymentMethods'>['paymentMethods'][number];
type PaymentOptions = ResponseOf<'getPaymentOptions'>;
interface Draft { subLedgerId?: number; paymentType?: string; amountCents?: number; when?: string; scheduledDate?: string; saveMethod?: boolean }

/** `method:<id>` for a saved method, `new:card` / `new:bank` for one entered now. */
export function parsePaymentType(value: unknown): { savedId?: string; newKind?: FeeMethodKind } {
  if (typeof value !== 'string') return {};
  if (value === 'new:card' || value === 'new:bank') return { newKind: value.slice(4) as FeeMethodKind };
  if (value.startsWith('method:')) return { savedId: value.slice(7) };
  return {};
}

function methodKindOf(context: Record<string, unknown>, paymentType: unknown): FeeMethodKind | null {
  const { savedId, newKind } = parsePaymentType(paymentType);
  if (newKind) return newKind;
  const method = ((context.methods as SavedMethod[] | undefined) ?? []).find((item) => String(item.id) === savedId);
  return method?.kind ?? null;
}

function quoteFor(context: Record<string, unknown>, draft: Draft) {
  const options = context.options as PaymentOptions | null;
  const kind = methodKindOf(context, draft.paymentType);
  const amountCents = draft.amountCents;
  if (!options || !kind || typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  // Signed-in payments pay no large amount fee (the server's rule); the split keeps the screen's lines generic.
  const fee = computeFee(options.fees, { methodKind: kind, amountCents, recurring: false, largeAmount: null });
  return { amountCents, ...fee, ...feeParts(fee) };
}

export const makePaymentFlow: FlowModule = {
  guards: {
    noMethodAccepted: ({ context }) => {
      const options = context.options as PaymentOptions | null;
      return !options || (!options.acceptsCard && !options.acceptsBank);
    },
    choseNewMethod: ({ context }) => Boolean(parsePaymentType((context.draft as Draft | null)?.paymentType).newKind),
    isFutureDated: ({ context }) => (context.draft as Draft | null)?.when === 'later',
    /** A new card or bank account for a payment today: charged through the payment's own setup intent. */
    paysTodayWithNewMethod: ({ context }) => {
      const draft = context.draft as Draft | null;
      return Boolean(parsePaymentType(draft?.paymentType).newKind) && draft?.when !== 'later';
    },
  },
  assigns: {
    prepareBillingChoices: ({ context }, params) => {
      const session = (params.session ?? {}) as Record<string, unknown>;
      const ledgers = selectedLedgers(session);
      const options = context.options as PaymentOptions | null;
      const methods = (context.methods as SavedMethod[] | undefined) ?? [];
      const accepted = (kind: FeeMethodKind) => (kind === 'card' ? options?.acceptsCard : options?.acceptsBank);
      return {
        ledgers,
        balanceCents: ledgers.reduce((sum, ledger) => sum + ledger.currentBalanceCents, 0),
        subLedgerOptions: ledgers.map((ledger) => ({
          value: ledger.subLedgerId, label: ledger.subLedgerName, detail: formatters.money(ledger.currentBalanceCents),
        })),
        methodOptions: [
          ...methods.filter((method) => accepted(method.kind)).map((method) => ({
            value: `method:${method.id}`,
            label: method.kind === 'card' ? 'billing.savedCard' : 'billing.savedBank',
            detail: method.kind === 'card'
              ? `${(method.brand ?? '').toUpperCase()} •••• ${method.last4} · ${String(method.expMonth ?? '').padStart(2, '0')}/${String(method.expYear ?? '').slice(-2)}`
              : `${method.bankAccountType ?? ''} •••• ${method.last4}`,
          })),
          ...(options?.acceptsCard ? [{ value: 'new:card', label: 'billing.newCard' }] : []),
          ...(options?.acceptsBank ? [{ value: 'new:bank', label: 'billing.newBank' }] : []),
        ],
        draft: ledgers.length === 1 ? { subLedgerId: ledgers[0].subLedgerId, when: 'today' } : { when: 'today' },
      };
    },
    followDraft: ({ context, event }) => {
      const draft = (event.data ?? {}) as Draft;
      const ledger = ((context.ledgers as SubLedgerAccount[]) ?? []).find((item) => item.subLedgerId === draft.subLedgerId);
      return { selectedBalanceCents: ledger?.currentBalanceCents ?? 0, quote: quoteFor(context, draft) };
    },
    rememberDraft: ({ context, event }) => {
      const draft = (event.data ?? {}) as Draft;
      const { savedId } = parsePaymentType(draft.paymentType);
      return {
        draft,
        quote: quoteFor(context, draft),
        chosenMethodId: savedId ? Number(savedId) : null,
        methodKind: methodKindOf(context, draft.paymentType),
        // The form leaves the box out when it is not asked (a saved method, a later date).
        saveMethod: draft.saveMethod === true,
      };
    },
    /** The receipt, and whether it was a bank payment (those take 3-5 business days: spec section 9). */
    keepReceipt: ({ event }) => {
      const receipt = event.output as ResponseOf<'confirmPayment'> | undefined;
      return { receipt, paidByBank: receipt?.method?.kind === 'bank' };
    },
    useSavedMethod: ({ event }) => ({ chosenMethodId: (event.output as ResponseOf<'confirmPaymentMethodSetup'>).paymentMethod.id }),
  },
  actors: {},
};
