import type { FlowModule } from '../engine/core/flow/types.ts';
import type { BodyOf, ResponseOf } from './api.ts';
import { formatters } from './formatters.ts';
import { selectedLedgers } from './shared/account-ledgers.ts';

// Recurring payments (/billing/recurring-payments): the choices of the setup form, the amount rule
// the form's fields make, and each schedule as the page lists it (spec sections 3, 4 and 9).

type Schedule = ResponseOf<'listRecurringPayments'>['recurringPayments'][number];
type SavedMethod = ResponseOf<'listPaymentMethods'>['paymentMethods'][number];
export type AmountRule = BodyOf<'setupRecurringPayment'>['amount'];

/** What the setup and change forms hold: the amount rule as separate fields, a percentage in whole percent. */
export interface RecurringDraft {
  subLedgerId?: number;
  paymentMethodId?: number;
  frequency?: 'monthly' | 'quarterly' | 'yearly';
  startDate?: string;
  nextPaymentDate?: string;
  amountKind?: 'fixed' | 'fullBalance' | 'percentage';
  amountCents?: number;
  percent?: number;
  maximumCents?: number;
}

/** The amount rule the API takes, from the form's fields; null when the form does not make one. */
export function amountRule(draft: RecurringDraft): AmountRule | null {
  const maximum = typeof draft.maximumCents === 'number' && draft.maximumCents > 0 ? { maximumCents: draft.maximumCents } : {};
  switch (draft.amountKind) {
    case 'fixed': return typeof draft.amountCents === 'number' ? { kind: 'fixed', amountCents: draft.amountCents } : null;
    case 'fullBalance': return { kind: 'fullBalance', ...maximum };
    case 'percentage': return typeof draft.percent === 'number' ? { kind: 'percentage', basisPoints: Math.round(draft.percent * 100), ...maximum } : null;
    default: return null;
  }
}

/** The form's fields for a schedule's amount rule (the change form starts from them). */
export function draftOf(schedule: Schedule): RecurringDraft {
  const { amount } = schedule;
  return {
    nextPaymentDate: schedule.nextPaymentDate,
    frequency: schedule.frequency,
    paymentMethodId: schedule.paymentMethodId,
    amountKind: amount.kind,
    ...(amount.kind === 'fixed' ? { amountCents: amount.amountCents } : {}),
    ...(amount.kind === 'percentage' ? { percent: amount.basisPoints / 100 } : {}),
    ...(amount.kind !== 'fixed' && amount.maximumCents ? { maximumCents: amount.maximumCents } : {}),
  };
}

function methodText(method: Pick<SavedMethod, 'kind' | 'brand' | 'last4' | 'bankAccountType'>): string {
  // A schedule's method summary has no account type: then only the last four digits.
  const name = method.kind === 'card' ? (method.brand ?? '').toUpperCase() : (method.bankAccountType ?? '');
  return `${name} •••• ${method.last4}`.trim();
}

/** A schedule as the page lists it: which texts apply (booleans, as screens choose texts by `when`) and their values. */
export function listedSchedule(schedule: Schedule) {
  const { amount } = schedule;
  return {
    id: schedule.recurringPaymentId,
    subLedgerName: schedule.subLedgerName,
    monthly: schedule.frequency === 'monthly',
    quarterly: schedule.frequency === 'quarterly',
    yearly: schedule.frequency === 'yearly',
    dayOfMonth: schedule.dayOfMonth,
    /** The 29th to the 31st: shorter months pay on their last day. */
    lateDay: schedule.dayOfMonth >= 29,
    nextPaymentDate: schedule.nextPaymentDate,
    fixed: amount.kind === 'fixed',
    fullBalance: amount.kind === 'fullBalance',
    percentage: amount.kind === 'percentage',
    amount: amount.kind === 'fixed' ? formatters.money(amount.amountCents) : '',
    percent: amount.kind === 'percentage' ? String(amount.basisPoints / 100) : '',
    maximum: amount.kind !== 'fixed' && amount.maximumCents ? formatters.money(amount.maximumCents) : '',
    method: methodText({ ...schedule.method, bankAccountType: undefined }),
    // "Last payment" is the last one that went through; a failure after it has a line of its own.
    lastPaymentDate: schedule.lastSuccessfulPayment?.date ?? '',
    lastPaymentAmount: schedule.lastSuccessfulPayment ? formatters.money(schedule.lastSuccessfulPayment.amountCents) : '',
    lastFailed: schedule.lastPayment ? ['declined', 'failed', 'returned'].includes(schedule.lastPayment.status) : false,
    accountNumber: schedule.accountNumber,
    associationName: schedule.associationName,
    /** active / paused: the status badge's value. */
    status: schedule.status,
    paused: schedule.status === 'paused',
    active: schedule.status === 'active',
    changeable: schedule.changeable && schedule.status !== 'setup',
    draft: draftOf(schedule),
  };
}

export const recurringPaymentsFlow: FlowModule = {
  guards: {
    noSavedMethod: ({ context }) => ((context.methods as SavedMethod[] | undefined) ?? []).length === 0,
  },
  assigns: {
    listSchedules: ({ event }) => ({
      // Set up and never confirmed: not a schedule the homeowner has; the page leaves it out.
      schedules: ((event.output as ResponseOf<'listRecurringPayments'>).recurringPayments)
        .filter((schedule) => schedule.status !== 'setup').map(listedSchedule),
    }),
    prepareRecurringChoices: ({ context }, params) => {
      const ledgers = selectedLedgers((params.session ?? {}) as Record<string, unknown>);
      const methods = (context.methods as SavedMethod[] | undefined) ?? [];
      return {
        subLedgerOptions: ledgers.map((ledger) => ({ value: ledger.subLedgerId, label: ledger.subLedgerName, detail: formatters.money(ledger.currentBalanceCents) })),
        methodOptions: methods.map((method) => ({ value: method.id, label: method.kind === 'card' ? 'billing.savedCard' : 'billing.savedBank', detail: methodText(method) })),
      };
    },
    rememberSetup: ({ event }, { accountNumber }) => {
      const draft = (event.data ?? {}) as RecurringDraft;
      return {
        draft,
        setupBody: {
          accountNumber, subLedgerId: draft.subLedgerId, paymentMethodId: draft.paymentMethodId, frequency: draft.frequency,
          startDate: draft.startDate, amount: amountRule(draft),
        },
      };
    },
    keepSetup: ({ event }) => {
      const answer = event.output as ResponseOf<'setupRecurringPayment'>;
      return { setup: answer.recurringPayment, authorizationText: answer.authorizationText };
    },
    startChange: ({ context, event }) => {
      const schedule = ((context.schedules as ReturnType<typeof listedSchedule>[]) ?? []).find((item) => item.id === event.id);
      return { changing: schedule ?? null };
    },
    /** The homeowner agreed to the change's authorization as it was shown: the change carries its text. */
    agreeToChange: ({ context }) => {
      const review = context.changeAuthorization as ResponseOf<'reviewRecurringPaymentChange'> | null;
      return { changeBody: { ...(context.changeBody as object), agreedAuthorizationText: review?.authorizationText } };
    },
    /** Only what the change form altered goes to the server: each such change is a new authorization, reviewed first. */
    rememberChange: ({ context, event }) => {
      const before = ((context.changing as { draft: RecurringDraft } | null)?.draft ?? {}) as RecurringDraft;
      const draft = (event.data ?? {}) as RecurringDraft;
      const rule = amountRule(draft);
      const sameRule = JSON.stringify(rule) === JSON.stringify(amountRule(before));
      return {
        changeBody: {
          ...(draft.nextPaymentDate && draft.nextPaymentDate !== before.nextPaymentDate ? { nextPaymentDate: draft.nextPaymentDate } : {}),
          ...(draft.frequency && draft.frequency !== before.frequency ? { frequency: draft.frequency } : {}),
          ...(draft.paymentMethodId && draft.paymentMethodId !== before.paymentMethodId ? { paymentMethodId: draft.paymentMethodId } : {}),
          ...(rule && !sameRule ? { amount: rule } : {}),
        },
      };
    },
  },
  actors: {},
};
