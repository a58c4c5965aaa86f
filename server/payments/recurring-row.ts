// A recurring payment as the store reads it (RECURRING_SELECT in recurring-store.ts): what the
// store, its authorization text and the due work share.
import type { CardBrand, MethodKind } from './provider.ts';
import type { AmountColumns } from './recurring-amount.ts';
import type { RecurringFrequency } from './recurring-schedule.ts';

export type RecurringStatus = 'setup' | 'active' | 'paused' | 'removed';

export interface RecurringRow extends AmountColumns {
  id: string;
  user_id: number;
  sub_ledger_id: number;
  sub_ledger_name: string;
  account_id: number;
  account_number: string;
  association_id: number;
  association_name: string;
  payments_blocked: boolean;
  frequency: RecurringFrequency;
  day_of_month: number;
  start_date: string;
  next_payment_date: string;
  status: RecurringStatus;
  /** Set on an auto-draft enrollment's child schedule (server/payments/auto-draft-children.ts). */
  auto_draft_id: string | null;
  consecutive_failures: number;
  created_at: Date | string;
  payment_method_id: number;
  method_kind: MethodKind;
  method_brand: CardBrand | null;
  method_last4: string;
  method_active: boolean;
  method_token: string;
  user_email: string | null;
  last_date: string | null;
  last_amount_cents: number | string | null;
  last_status: string | null;
  last_confirmation: string | null;
  /** The latest occurrence whose payment succeeded (what "Last payment" reports). */
  paid_date: string | null;
  paid_amount_cents: number | string | null;
  paid_confirmation: string | null;
}
