// The board's lists as grids (server/board/grid-query.ts): for each, the SQL of its rows in one
// association and its whitelist of columns. The column names are the contract's row fields
// (openapi/associations.yaml). Nothing here reads another association: every source is limited to
// association $1.
import type { GridList } from './grid-query.ts';
import { DAYS_PAST_DUE, DAYS_PAST_DUE_COLUMN, STAGE_OF_DAYS } from './account-standing.ts';

/** The property's street address on one line (as account_standing.address has it). */
const STREET_ADDRESS = `ac.address1 || CASE WHEN ac.address2 <> '' THEN ', ' || ac.address2 ELSE '' END`;

/**
 * Every account of the association with its owner, balance and days past due as of `today`: its
 * rows of account_standing, whose indexes serve the sorts by account number, owner, address,
 * balance and days past due.
 */
export function homeownersList(associationId: number, today: string): GridList {
  return {
    name: 'homeowners',
    source: `SELECT s.account_id AS "rowKey", s.account_number AS "accountNumber", s.owner, s.address, s.email,
             s.balance_cents AS "balanceCents", ${DAYS_PAST_DUE} AS "daysPastDue", s.oldest_unpaid AS "oldestUnpaid", s.registered
        FROM account_standing s
       WHERE s.association_id = $1`,
    params: [associationId, today],
    columns: {
      accountNumber: { kind: 'text', title: 'Account' },
      owner: { kind: 'text', title: 'Owner' },
      address: { kind: 'text', title: 'Address' },
      email: { kind: 'text', title: 'E-mail' },
      balanceCents: { kind: 'money', title: 'Balance' },
      daysPastDue: DAYS_PAST_DUE_COLUMN,
      registered: { kind: 'boolean', title: 'Registered' },
    },
    defaultSort: [['accountNumber', 'asc']],
    pageByKey: true,
  };
}

/**
 * The accounts owing something (balance above zero), with their collection stage; `minDaysPastDue`
 * keeps only those at least that late (the delinquency report).
 */
export function collectionsList(associationId: number, today: string, { name = 'collections', minDaysPastDue = 0 } = {}): GridList {
  return {
    name,
    source: `SELECT s.account_id AS "rowKey", s.account_number AS "accountNumber", s.owner, s.address,
             s.balance_cents AS "balanceCents", ${DAYS_PAST_DUE} AS "daysPastDue",
             ${STAGE_OF_DAYS(DAYS_PAST_DUE)} AS stage, s.oldest_unpaid AS "oldestUnpaid"
        FROM account_standing s
       WHERE s.association_id = $1 AND s.balance_cents > 0 AND ${DAYS_PAST_DUE} >= $3`,
    params: [associationId, today, minDaysPastDue],
    columns: {
      accountNumber: { kind: 'text', title: 'Account' },
      owner: { kind: 'text', title: 'Owner' },
      address: { kind: 'text', title: 'Address' },
      balanceCents: { kind: 'money', title: 'Balance' },
      daysPastDue: DAYS_PAST_DUE_COLUMN,
      // The stages are in the order of the days they stand for.
      stage: { kind: 'text', title: 'Stage', sortBy: DAYS_PAST_DUE_COLUMN.sortBy, sortByReversed: true },
      oldestUnpaid: { kind: 'date', title: 'Oldest unpaid charge' },
    },
    defaultSort: [['daysPastDue', 'desc']],
    pageByKey: true,
  };
}

export function violationsList(associationId: number): GridList {
  return {
    name: 'violations',
    source: `SELECT v.id AS "rowKey", v.id, ${STREET_ADDRESS} AS address, ac.account_number AS "accountNumber", v.rule,
                    v.observed_on AS date, v.status, v.fine_cents AS "fineCents"
               FROM violations v JOIN accounts ac ON ac.id = v.account_id
              WHERE v.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      address: { kind: 'text', title: 'Address' },
      accountNumber: { kind: 'text', title: 'Account' },
      rule: { kind: 'text', title: 'Rule' },
      date: { kind: 'date', title: 'Date' },
      status: { kind: 'text', title: 'Status' },
      fineCents: { kind: 'money', title: 'Fine' },
    },
    defaultSort: [['date', 'desc']],
  };
}

export function invoicesList(associationId: number): GridList {
  return {
    name: 'invoices',
    source: `SELECT i.id AS "rowKey", i.id, i.vendor, i.description, i.amount_cents AS "amountCents", i.due_date AS "dueDate", i.status,
                    du.first_name || ' ' || du.last_name AS "decidedBy", i.decided_at AS "decidedAt", i.comment
               FROM board_invoices i LEFT JOIN users du ON du.id = i.decided_by
              WHERE i.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      vendor: { kind: 'text', title: 'Vendor' },
      description: { kind: 'text', title: 'Description' },
      amountCents: { kind: 'money', title: 'Amount' },
      dueDate: { kind: 'date', title: 'Due' },
      status: { kind: 'text', title: 'Approval status' },
      decidedBy: { kind: 'text', title: 'Decided by' },
      decidedAt: { kind: 'timestamp', title: 'Decided at' },
      comment: { kind: 'text', title: 'Comment' },
    },
    defaultSort: [['dueDate', 'asc']],
  };
}

export function workOrdersList(associationId: number): GridList {
  return {
    name: 'work orders',
    source: `SELECT w.id AS "rowKey", w.id, w.vendor, w.description, w.status, w.cost_cents AS "costCents", w.opened_on AS "openedOn"
               FROM work_orders w WHERE w.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      vendor: { kind: 'text', title: 'Vendor' },
      description: { kind: 'text', title: 'Description' },
      status: { kind: 'text', title: 'Status' },
      costCents: { kind: 'money', title: 'Cost' },
      openedOn: { kind: 'date', title: 'Opened' },
    },
    defaultSort: [['openedOn', 'desc']],
  };
}

export function toDosList(associationId: number): GridList {
  return {
    name: 'to-do',
    source: `SELECT t.id AS "rowKey", t.id, t.title, t.due_date AS "dueDate", t.done,
                    du.first_name || ' ' || du.last_name AS "doneBy", t.done_at AS "doneAt"
               FROM board_todos t LEFT JOIN users du ON du.id = t.done_by
              WHERE t.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      title: { kind: 'text', title: 'To do' },
      dueDate: { kind: 'date', title: 'Due' },
      done: { kind: 'boolean', title: 'Done' },
      doneBy: { kind: 'text', title: 'Done by' },
      doneAt: { kind: 'timestamp', title: 'Done at' },
    },
    defaultSort: [['done', 'asc'], ['dueDate', 'asc']],
  };
}

export function inspectionsList(associationId: number): GridList {
  return {
    name: 'inspections',
    source: `SELECT i.id AS "rowKey", i.id, i.area, i.inspector, i.inspected_on AS "inspectedOn", i.result, i.notes
               FROM inspections i WHERE i.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      area: { kind: 'text', title: 'Area' },
      inspector: { kind: 'text', title: 'Inspector' },
      inspectedOn: { kind: 'date', title: 'Date' },
      result: { kind: 'text', title: 'Result' },
      notes: { kind: 'text', title: 'Notes' },
    },
    defaultSort: [['inspectedOn', 'desc']],
  };
}

/** Only the last four digits of a number ever leave the database. */
export function bankAccountsList(associationId: number): GridList {
  return {
    name: 'bank accounts',
    source: `SELECT b.id AS "rowKey", b.id, b.name, b.bank_name AS "bankName", b.kind, right(b.account_number, 4) AS "last4", b.balance_cents AS "balanceCents"
               FROM association_bank_accounts b WHERE b.association_id = $1`,
    params: [associationId],
    columns: {
      id: { kind: 'number', title: 'Id' },
      name: { kind: 'text', title: 'Account' },
      bankName: { kind: 'text', title: 'Bank' },
      kind: { kind: 'text', title: 'Kind' },
      last4: { kind: 'text', title: 'Number (last four)' },
      balanceCents: { kind: 'money', title: 'Balance' },
    },
    defaultSort: [['name', 'asc']],
  };
}
