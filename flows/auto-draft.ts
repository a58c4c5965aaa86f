import type { FlowModule } from '../engine/core/flow/types.ts';
import type { BodyOf, ResponseOf } from './api.ts';
import { formatters } from './formatters.ts';
import { selectedLedgers } from './shared/account-ledgers.ts';
import { onFirstUse } from './first-use.ts';

// Auto-draft (/billing/auto-draft): the selected account's enrollment as the page shows it, the
// months a new one may start in, and the bodies the forms make (spec sections 3, 4, 5 and 9). Which
// Setup and Confirm calls apply follows the association's autoDraftType: `portal` (the portal
// drafts) or `legacy` (the management company's system drafts); `off` offers nothing.

type Enrollment = ResponseOf<'listAutoDrafts'>['autoDraftEnrollments'][number];
type BankEntry = BodyOf<'setupAutoDraft'>['bank'];

/** What the enrollment and change forms hold. */
export interface AutoDraftDraft {
  startMonth?: string;
  pullDay?: number;
  changeBank?: boolean;
  accountType?: 'checking' | 'savings';
  routingNumber?: string;
  bankName?: string;
  bankAccountNumber?: string;
  bankAccountNumberConfirmation?: string;
  signature?: string;
}

const monthName = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const newYorkDate = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The `count` months after the current one (America/New_York, like every billing date): the months drafts may start in. */
export function startMonths(now: Date, count = 3): { value: string; label: string }[] {
  const [year, month] = newYorkDate().format(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) + i + 1;
    const start = new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
    return { value: start.toISOString().slice(0, 7), label: monthName().format(start) };
  });
}

function associationOf(session: Record<string, unknown>): { autoDraftType?: string } {
  return (session.selectedAssociation ?? {}) as { autoDraftType?: string };
}

function bankEntry(draft: AutoDraftDraft): BankEntry {
  return {
    accountType: draft.accountType ?? 'checking',
    routingNumber: draft.routingNumber ?? '',
    bankName: (draft.bankName ?? '').trim(),
    bankAccountNumber: draft.bankAccountNumber ?? '',
    bankAccountNumberConfirmation: draft.bankAccountNumberConfirmation ?? '',
    signature: (draft.signature ?? '').trim(),
  };
}

/** An enrollment as the page lists it: which texts apply (booleans, as screens choose texts by `when`) and their values. */
export function listedEnrollment(enrollment: Enrollment) {
  const last = enrollment.lastDraft;
  const paid = enrollment.lastSuccessfulDraft;
  return {
    id: enrollment.autoDraftId,
    accountNumber: enrollment.accountNumber,
    byPortal: enrollment.draftedBy === 'portal',
    byCompany: enrollment.draftedBy === 'managementCompany',
    pullDay: enrollment.pullDay,
    nextPullDate: enrollment.nextPullDate,
    bank: `${enrollment.bank.bankName} •••• ${enrollment.bank.last4}`,
    savings: enrollment.bank.accountType === 'savings',
    signature: enrollment.signature,
    // "Last draft" is the last one that went through; a failure after it has a line of its own.
    lastDraftDate: paid?.date ?? '',
    lastDraftAmount: paid ? formatters.money(paid.amountCents) : '',
    lastFailed: last ? ['declined', 'failed', 'returned'].includes(last.status) : false,
    /** active / paused: the status badge's value. */
    status: enrollment.status,
    paused: enrollment.status === 'paused',
    changeable: enrollment.changeable && enrollment.status !== 'setup',
    draft: { pullDay: enrollment.pullDay, changeBank: false, accountType: enrollment.bank.accountType } satisfies AutoDraftDraft,
  };
}

/** The listed set-up `id`, while it is still open to be signed (the server lists none that lapsed). */
function openSetup(id: unknown, output: unknown): Enrollment | undefined {
  if (typeof id !== 'string' || id === '') return undefined;
  const enrollments = (output as ResponseOf<'listAutoDrafts'> | undefined)?.autoDraftEnrollments ?? [];
  return enrollments.find((item) => item.autoDraftId === id && item.status === 'setup' && Boolean(item.authorizationText));
}

export const autoDraftFlow: FlowModule = {
  guards: {
    /** The association does not offer auto-draft. Params: `session`. */
    autoDraftOff: (_args, params) => associationOf((params.session ?? {}) as Record<string, unknown>).autoDraftType === 'off',
    /** The management company's system drafts this association's accounts (the legacy calls). Params: `session`. */
    legacyAutoDraft: (_args, params) => associationOf((params.session ?? {}) as Record<string, unknown>).autoDraftType === 'legacy',
    /** The listed enrollments include the set-up being resumed, not signed yet. */
    resumableSetup: ({ context, event }) => openSetup(context.resumeId, event.output) !== undefined,
    /** The change form was sent as it was opened: nothing to save. */
    unchangedEnrollment: ({ context, event }) => {
      const before = ((context.enrollment as { draft: AutoDraftDraft } | null)?.draft ?? {}) as AutoDraftDraft;
      const draft = (event.data ?? {}) as AutoDraftDraft;
      return !draft.changeBank && draft.pullDay === before.pullDay;
    },
  },
  assigns: {
    /** The set-up being resumed, as the authorization view shows it. */
    resumeSetup: ({ context, event }) => {
      const setup = openSetup(context.resumeId, event.output);
      return { setup, authorizationText: setup?.authorizationText ?? null, resumeId: null, resumed: true };
    },
    showEnrollment: ({ event }, params) => {
      const enrollments = (event.output as ResponseOf<'listAutoDrafts'>).autoDraftEnrollments;
      const current = enrollments.find((item) => item.status !== 'setup');
      const ledgers = selectedLedgers((params.session ?? {}) as Record<string, unknown>);
      const balanceCents = ledgers.reduce((sum, ledger) => sum + ledger.currentBalanceCents, 0);
      return {
        enrollment: current ? listedEnrollment(current) : null,
        balance: formatters.money(balanceCents),
        // An account with a balance cannot enroll (spec section 4): the page says so instead of offering the form.
        mustPayFirst: !current && balanceCents > 0,
        canEnroll: !current && balanceCents <= 0,
      };
    },
    prepareEnrollment: () => ({ monthOptions: startMonths(new Date()) }),
    rememberEnrollment: ({ event }, params) => {
      const draft = (event.data ?? {}) as AutoDraftDraft;
      const session = (params.session ?? {}) as { selectedProperty?: { accountNumber?: string } };
      return {
        draft,
        setupBody: { accountNumber: session.selectedProperty?.accountNumber, startMonth: draft.startMonth, pullDay: draft.pullDay, bank: bankEntry(draft) },
      };
    },
    keepEnrollmentSetup: ({ event }) => {
      const answer = event.output as ResponseOf<'setupAutoDraft'>;
      return { setup: answer.autoDraft, authorizationText: answer.authorizationText };
    },
    /** The change goes with the text of its authorization, as the review showed it. */
    agreeToEnrollmentChange: ({ context }) => {
      const review = context.changeAuthorization as ResponseOf<'reviewAutoDraftChange'> | null;
      return { changeBody: { ...(context.changeBody as object), agreedAuthorizationText: review?.authorizationText } };
    },
    /** Only what the change form altered goes to the server: a new bank account is signed again. */
    rememberEnrollmentChange: ({ context, event }) => {
      const before = ((context.enrollment as { draft: AutoDraftDraft } | null)?.draft ?? {}) as AutoDraftDraft;
      const draft = (event.data ?? {}) as AutoDraftDraft;
      return {
        changeBody: {
          ...(draft.pullDay && draft.pullDay !== before.pullDay ? { pullDay: draft.pullDay } : {}),
          ...(draft.changeBank ? { bank: bankEntry(draft) } : {}),
        },
      };
    },
  },
  actors: {},
};
