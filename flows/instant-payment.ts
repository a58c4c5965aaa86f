import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { computeFee } from './fees.ts';
import { formatters } from './formatters.ts';
import { selectedLedgers, type SubLedgerAccount } from './shared/account-ledgers.ts';

// Instant payment (spec section 2, "Instant payment page that hands off to an external payment
// provider"): the owner chooses a sub-ledger and an amount, the card is entered on the provider's
// own page (the whole browser goes there), and the provider sends the browser back here with
// ?payment=<paymentId>&setupIntent=<id> (or &cancelled=1), where the payment is confirmed.
// The pending Setup is kept in session storage across the round trip (the machine's `persist`).
// A tab may come back without it: a frame on another site whose browser denies it storage, or a
// tab whose storage was cleared. The return address then stands for itself: the server confirms
// only the owner's own Setup with the intent the provider made for it, and at most once.

type PaymentOptions = ResponseOf<'getPaymentOptions'>;
interface Draft { subLedgerId?: number; amountCents?: number }
/** What survives the trip to the provider's page: never the client secret. */
type PendingSetup = Pick<ResponseOf<'setupPayment'>, 'paymentId' | 'setupIntentId' | 'amountCents' | 'feeCents' | 'totalCents'>;
type Query = Record<string, string | undefined>;

function cardQuote(context: Record<string, unknown>, draft: Draft) {
  const options = context.options as PaymentOptions | null;
  const amountCents = draft.amountCents;
  if (!options || typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  return { amountCents, ...computeFee(options.fees, { methodKind: 'card', amountCents, recurring: false, largeAmount: null }) };
}

const queryOf = (params: Record<string, unknown>): Query => (params.query ?? {}) as Query;
const pendingOf = (context: Record<string, unknown>) => context.pending as PendingSetup | null;

/** The provider sent the browser back for the Setup this tab started (payment and intent both match). */
function matchesPending(context: Record<string, unknown>, query: Query, needIntent: boolean): boolean {
  const pending = pendingOf(context);
  if (!pending || !query.payment || query.payment !== String(pending.paymentId)) return false;
  return !needIntent || query.setupIntent === pending.setupIntentId;
}

interface ProviderReturn { paymentId: PendingSetup['paymentId']; setupIntentId: string }

/**
 * The Setup and intent a return address asks to confirm: this tab's pending Setup when it is the
 * one named, else the address's own pair (the server checks it). None when the tab knows the
 * payment with another intent: that address was not the provider's answer to this tab.
 */
function providerReturnOf(context: Record<string, unknown>, query: Query): ProviderReturn | null {
  if (!query.payment || !query.setupIntent) return null;
  const pending = pendingOf(context);
  if (pending && String(pending.paymentId) === query.payment) {
    return pending.setupIntentId === query.setupIntent ? { paymentId: pending.paymentId, setupIntentId: query.setupIntent } : null;
  }
  return { paymentId: query.payment, setupIntentId: query.setupIntent };
}

export const instantPaymentFlow: FlowModule = {
  guards: {
    /** This payment was already confirmed in this tab (e.g. the return address was reloaded). */
    instantAlreadyConfirmed: ({ context }, params) => {
      const receipt = context.receipt as { paymentId?: number | string } | null;
      const { payment } = queryOf(params);
      return Boolean(receipt && payment && String(receipt.paymentId) === payment);
    },
    instantCancelledReturn: (_args, params) => Boolean(queryOf(params).payment && queryOf(params).cancelled === '1'),
    instantProviderReturn: ({ context }, params) => providerReturnOf(context, queryOf(params)) !== null,
    instantCancelsPending: ({ context }, params) => matchesPending(context, queryOf(params), false),
    instantAnyReturn: (_args, params) => Boolean(queryOf(params).payment),
    instantNoCard: ({ context }) => !(context.options as PaymentOptions | null)?.acceptsCard,
    /** The Setup came with the provider's hosted page address; without it the card cannot be entered. */
    hasHostedEntry: ({ event }) => Boolean((event.output as { hostedEntryUrl?: string } | undefined)?.hostedEntryUrl),
  },
  assigns: {
    prepareInstantChoices: (_args, params) => {
      const ledgers = selectedLedgers((params.session ?? {}) as Record<string, unknown>);
      return {
        ledgers,
        subLedgerOptions: ledgers.map((ledger) => ({
          value: ledger.subLedgerId, label: ledger.subLedgerName, detail: formatters.money(ledger.currentBalanceCents),
        })),
        selectedBalanceCents: ledgers.length === 1 ? ledgers[0].currentBalanceCents : 0,
        draft: ledgers.length === 1 ? { subLedgerId: ledgers[0].subLedgerId } : {},
      };
    },
    followInstantDraft: ({ context, event }) => {
      const draft = (event.data ?? {}) as Draft;
      const ledger = ((context.ledgers as SubLedgerAccount[]) ?? []).find((item) => item.subLedgerId === draft.subLedgerId);
      return { selectedBalanceCents: ledger?.currentBalanceCents ?? 0, quote: cardQuote(context, draft) };
    },
    rememberInstantDraft: ({ context, event }) => {
      const draft = (event.data ?? {}) as Draft;
      return { draft, quote: cardQuote(context, draft), setupKey: crypto.randomUUID() };
    },
    /** Keeps what the return trip needs, and the key the confirmation will be sent with. */
    rememberPendingSetup: ({ event }) => {
      const setup = event.output as ResponseOf<'setupPayment'>;
      const { paymentId, setupIntentId, amountCents, feeCents, totalCents } = setup;
      return { setup, pending: { paymentId, setupIntentId, amountCents, feeCents, totalCents }, confirmKey: crypto.randomUUID() };
    },
    /** The pair to confirm, with the key kept for this tab's own Setup (a reload retries with it), else a new one. */
    takeProviderReturn: ({ context }, params) => {
      const returned = providerReturnOf(context, queryOf(params));
      const ownSetup = matchesPending(context, queryOf(params), true) && typeof context.confirmKey === 'string';
      return { returned, confirmKey: ownSetup ? context.confirmKey : crypto.randomUUID() };
    },
    forgetPendingSetup: () => ({ setup: null, pending: null }),
    noHostedEntry: () => ({ error: { code: 'HOSTED_ENTRY', text: '' } }),
  },
  actors: {},
};
