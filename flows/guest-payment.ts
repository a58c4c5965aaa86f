import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { computeFee, feeParts, type FeeMethodKind } from './fees.ts';
import { formatters } from './formatters.ts';

// Guest payment wizard behaviour (spec sections 2, 4 and 9): four steps, next stops at 4 and
// previous at 1; choosing another sub-ledger resets the amount to 0; reset returns to step 1 with
// nothing selected; clearing wipes token, account, e-mail, status, total and record id.

type GuestAccount = ResponseOf<'getGuestAccount'>;
/** What the fee quote needs of getGuestConfiguration's answer. */
type GuestConfiguration = Pick<ResponseOf<'getGuestConfiguration'>, 'acceptsCard' | 'acceptsBank' | 'fees' | 'largeAmountThresholdCents' | 'largeAmountFeeBasisPoints'>;

const EMPTY_WIZARD = {
  currentStep: 1, selectedSubledger: null, selectedSubledgerName: null, selectedBalanceCents: 0,
  selectedPaymentMethod: null, paymentAmount: 0, quote: null, setup: null, receipt: null, error: null,
  idempotencyKey: null,
};

export function quote(configuration: GuestConfiguration | null, methodKind: unknown, amountCents: unknown) {
  if (!configuration || (methodKind !== 'card' && methodKind !== 'bank')) return null;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  const fee = computeFee(configuration.fees, {
    methodKind: methodKind as FeeMethodKind,
    amountCents,
    recurring: false,
    largeAmount: { thresholdCents: configuration.largeAmountThresholdCents, basisPoints: configuration.largeAmountFeeBasisPoints },
  });
  return { amountCents, ...fee, ...feeParts(fee) };
}

export const guestPaymentFlow: FlowModule = {
  guards: {
    hasGuestSession: ({ context }, _params, env) => Boolean(env.getToken('guestPay') && context.account),
    stepIs: ({ context }, params) => context.currentStep === params.step,
    /** The link's association code names no association (404), or could not name one (400). */
    associationUnknown: ({ event }) => [400, 404].includes(Number((event.error as { status?: number } | undefined)?.status)),
  },
  assigns: {
    setStep: (_args, params) => ({ currentStep: params.step }),
    prepareChoices: ({ context }) => {
      const account = context.account as GuestAccount | null;
      const configuration = context.configuration as GuestConfiguration | null;
      return {
        subLedgerOptions: (account?.subLedgers ?? []).map((ledger) => ({
          value: ledger.id, label: ledger.name, detail: formatters.money(ledger.balanceCents),
        })),
        methodOptions: [
          ...(configuration?.acceptsCard ? [{ value: 'card', label: 'methods.card' }] : []),
          ...(configuration?.acceptsBank ? [{ value: 'bank', label: 'methods.bank' }] : []),
        ],
      };
    },
    chooseSubledger: ({ context, event }) => {
      const id = Number((event.data as { subLedgerId?: number }).subLedgerId);
      const ledger = (context.account as GuestAccount).subLedgers.find((item) => item.id === id);
      const changed = id !== context.selectedSubledger;
      return {
        selectedSubledger: id, selectedSubledgerName: ledger?.name ?? null, selectedBalanceCents: ledger?.balanceCents ?? 0,
        ...(changed ? { paymentAmount: 0, quote: null } : {}),
      };
    },
    chooseMethod: ({ context, event }) => {
      const methodKind = (event.data as { methodKind?: string }).methodKind ?? null;
      return { selectedPaymentMethod: methodKind, quote: quote(context.configuration as GuestConfiguration, methodKind, context.paymentAmount) };
    },
    quoteAmount: ({ context, event }) => {
      const amountCents = (event.data as { amountCents?: number }).amountCents;
      return { quote: quote(context.configuration as GuestConfiguration, context.selectedPaymentMethod, amountCents) };
    },
    setAmount: ({ context, event }) => {
      const amountCents = Number((event.data as { amountCents?: number }).amountCents);
      return { paymentAmount: amountCents, quote: quote(context.configuration as GuestConfiguration, context.selectedPaymentMethod, amountCents) };
    },
    recordSetup: ({ event }) => {
      const setup = event.output as ResponseOf<'createGuestPayment'>;
      return { setup, paymentRecordId: setup.paymentId, total: setup.totalCents };
    },
    recordReceipt: ({ event }) => {
      const receipt = event.output as ResponseOf<'confirmGuestPayment'>;
      return { receipt, paymentStatus: receipt.status, total: receipt.totalCents };
    },
    resetWizard: () => ({ ...EMPTY_WIZARD }),
    /** Until an account is found, only the link's association (looked up again) may brand the page. */
    forgetAssociation: () => ({ configuration: null, unknownAssociation: null }),
    /** Forgets the guest and the wizard (the machine clears the guestPay token beside it). */
    clearGuest: () => ({ ...EMPTY_WIZARD, account: null, configuration: null, email: '', paymentStatus: null, total: 0, paymentRecordId: null }),
  },
  actors: {},
};
