// An auto-draft enrollment as the store reads it (AUTO_DRAFT_SELECT in auto-draft-store.ts): what
// the store, its authorization text, its schedule and its child schedules share.
import type { BankAccountType } from './provider.ts';

export type AutoDraftStatus = 'setup' | 'active' | 'paused' | 'removed';
export type DraftedBy = 'portal' | 'management_company';

export interface AutoDraftRow {
  id: string;
  user_id: number;
  account_id: number;
  account_number: string;
  association_id: number;
  association_name: string;
  auto_draft_type: 'off' | 'legacy' | 'portal';
  provider_account: string | null;
  accepts_bank: boolean;
  payments_blocked: boolean;
  management_company_id: number;
  drafted_by: DraftedBy;
  /** As stored: 'paused' is shown from the children (statusOf). */
  status: AutoDraftStatus;
  start_month: string;
  pull_day: number;
  /** As stored; a portal enrollment's children move on as they draft (nextPullDateOf). */
  next_pull_date: string;
  children_next_date: string | null;
  payment_method_id: number;
  bank_name: string;
  routing_number: string;
  account_type: BankAccountType;
  last4: string;
  signature: string;
  consecutive_failures: number;
  created_at: Date | string;
  any_child_paused: boolean | null;
  user_email: string | null;
  first_name: string;
  last_name: string;
  last_date: string | null;
  last_amount_cents: number | string | null;
  last_statuses: string | null;
  /** The latest date the children's drafts succeeded, and what succeeded that day (what "Last draft" reports). */
  paid_date: string | null;
  paid_amount_cents: number | string | null;
}
