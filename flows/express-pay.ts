import type { FlowModule, FlowReader } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';
import { computeFee, feeParts, type FeeMethodKind } from './fees.ts';

// Express payment by checkout link (spec sections 2 and 3). The context keeps the spec's names:
// epayToken, paymentSetup, paymentOptions (what the association accepts and its fees), balance
// (integer cents), paymentMethods (the choices offered), selectedPaymentMethod, amount (cents), logo,
// account and confirmed (the confirmed payment). `link` ties what is kept to the link it came from.

type ExpressAccount = ResponseOf<'getExpressAccount'>;
/** What the link's association accepts and charges, from the express account. */
type PaymentOptions = Pick<ExpressAccount, 'acceptsCard' | 'acceptsBank' | 'fees'>;

const EMPTY_PAYMENT = {
  selectedPaymentMethod: null, amount: null, quote: null, paymentSetup: null, confirmed: null, acknowledged: false,
  idempotencyKey: null, error: null,
};

function routeOf(env: FlowReader): { strategy: string; link: string } {
  const route = (env.scope().route ?? {}) as Record<string, unknown>;
  return { strategy: String(route.strategy ?? ''), link: String(route.link ?? '') };
}

/** Amount, fee and total for what is typed; null until both a method and a positive whole-cent amount are known. */
export function expressQuote(options: PaymentOptions | null, methodKind: unknown, amountCents: unknown) {
  if (!options || (methodKind !== 'card' && methodKind !== 'bank')) return null;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  const fee = computeFee(options.fees ?? [], { methodKind: methodKind as FeeMethodKind, amountCents, recurring: false, largeAmount: null });
  return { amountCents, feeCents: fee.feeCents, totalCents: fee.totalCents, ...feeParts(fee) };
}

export const expressPayFlow: FlowModule = {
  guards: {
    /** The confirmation route shares the link's parameters; only the address tells the two apart. */
    isExpressConfirmationPage: () => typeof window !== 'undefined' && /\/confirmation\/?$/i.test(window.location.pathname),
    hasConfirmedForLink: ({ context }, _params, env) => Boolean(context.confirmed) && context.link === routeOf(env).link,
    isAcknowledgedForLink: ({ context }, _params, env) => Boolean(context.confirmed && context.acknowledged) && context.link === routeOf(env).link,
    /** The server refused the link itself (tampered, expired, unknown): not worth retrying. */
    isLinkRefused: ({ event }) => [400, 401, 403, 404].includes(Number((event.error as { status?: number } | undefined)?.status)),
  },
  assigns: {
    expressLinkPaths: (_args, _params, env) => {
      const { strategy, link } = routeOf(env);
      const paymentPath = `/epay/${encodeURIComponent(strategy)}/${encodeURIComponent(link)}`;
      return { paymentPath, confirmationPath: `${paymentPath}/confirmation` };
    },
    /** A fresh start on the payment route: what was kept for this or another link is not reused. */
    startExpressLink: (_args, _params, env) => ({
      ...EMPTY_PAYMENT, link: routeOf(env).link, epayToken: null, account: null, balance: 0, logo: null,
      paymentOptions: null, paymentMethods: [],
    }),
    /** Forgets the link's account (the machine clears the expressPay token beside it). */
    forgetExpressLink: () => ({ epayToken: null, account: null }),
    prepareExpress: ({ context }) => {
      const account = context.account as ExpressAccount;
      const paymentOptions: PaymentOptions = { acceptsCard: account.acceptsCard, acceptsBank: account.acceptsBank, fees: account.fees };
      const paymentMethods = [
        ...(paymentOptions.acceptsCard ? [{ value: 'card', label: 'methods.card' }] : []),
        ...(paymentOptions.acceptsBank ? [{ value: 'bank', label: 'methods.bank' }] : []),
      ];
      return {
        balance: Number(account.balance ?? 0),
        logo: account.logoUrl || null,
        paymentOptions,
        paymentMethods,
        // With one way to pay, it is already chosen.
        selectedPaymentMethod: paymentMethods.length === 1 ? paymentMethods[0].value : null,
      };
    },
    quoteExpressAmount: ({ context, event }) => {
      const data = (event.data ?? {}) as { methodKind?: string; amountCents?: number };
      return { quote: expressQuote(context.paymentOptions as PaymentOptions | null, data.methodKind, data.amountCents) };
    },
    chooseExpressAmount: ({ context, event }) => {
      const data = (event.data ?? {}) as { methodKind?: string; amountCents?: number };
      const amount = Number(data.amountCents);
      return {
        selectedPaymentMethod: data.methodKind ?? null,
        amount,
        quote: expressQuote(context.paymentOptions as PaymentOptions | null, data.methodKind, amount),
      };
    },
    recordExpressSetup: ({ event }) => ({ paymentSetup: event.output }),
    recordExpressConfirmed: ({ event }) => ({ confirmed: event.output, acknowledged: false }),
  },
  actors: {},
};
