// The board's reports, from where the accounts stand (server/board/account-standing.ts),
// as grids: paged, sorted and filtered like the lists, or downloaded whole as CSV.
import type { GridList } from './grid-query.ts';
import { collectionsList } from './lists.ts';
import { UNPAID_CHARGES_CTE } from './account-standing.ts';

export const BOARD_REPORTS = ['delinquency', 'aging'] as const;
export type BoardReport = (typeof BOARD_REPORTS)[number];

/** Delinquency: the accounts 30 days or more past due, most overdue first (the collections list from 30 days). */
function delinquencyReport(associationId: number, today: string): GridList {
  return collectionsList(associationId, today, { name: 'delinquency report', minDaysPastDue: 30 });
}

/**
 * Aging: what each owing account's unpaid charges add up to by their age (0-29, 30-59, 60-89,
 * 90 days and more); the buckets add up to the balance.
 */
function agingReport(associationId: number, today: string): GridList {
  const bucket = (from: number, to: number | null) =>
    `COALESCE(SUM(unpaid_cents) FILTER (WHERE $2::date - effective_date >= ${from}${to === null ? '' : ` AND $2::date - effective_date < ${to}`}), 0)`;
  return {
    name: 'aging report',
    source: `WITH ${UNPAID_CHARGES_CTE},
      buckets AS (
        SELECT account_id, ${bucket(0, 30)} AS current_cents, ${bucket(30, 60)} AS days30_cents,
               ${bucket(60, 90)} AS days60_cents, ${bucket(90, null)} AS days90_cents
          FROM unpaid_charges GROUP BY account_id
      )
      SELECT s.account_id AS "rowKey", s.account_number AS "accountNumber", s.owner,
             b.current_cents::bigint AS "currentCents", b.days30_cents::bigint AS "days30Cents",
             b.days60_cents::bigint AS "days60Cents", b.days90_cents::bigint AS "days90Cents", s.balance_cents::bigint AS "totalCents"
        FROM account_standing s
        JOIN buckets b ON b.account_id = s.account_id
       WHERE s.association_id = $1 AND s.balance_cents > 0`,
    params: [associationId, today],
    columns: {
      accountNumber: { kind: 'text', title: 'Account' },
      owner: { kind: 'text', title: 'Owner' },
      currentCents: { kind: 'money', title: 'Current (0-29 days)' },
      days30Cents: { kind: 'money', title: '30-59 days' },
      days60Cents: { kind: 'money', title: '60-89 days' },
      days90Cents: { kind: 'money', title: '90+ days' },
      totalCents: { kind: 'money', title: 'Total' },
    },
    defaultSort: [['totalCents', 'desc']],
  };
}

export function boardReport(report: BoardReport, associationId: number, today: string): GridList {
  return report === 'delinquency' ? delinquencyReport(associationId, today) : agingReport(associationId, today);
}
