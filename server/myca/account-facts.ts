// What MyCA says about the asker's own account: read from the ledger and the payment tables, never
// from text, and only for a signed-in owner's accounts in the association asked about. A question
// is about the account when it asks what is owed, what is paid next, or about automatic payments;
// each fact cites the page of the portal that shows it.
import type { Queryable } from '../db/index.ts';

export type AccountTopic = 'balance' | 'nextPayment' | 'recurring';

export interface AccountFact {
  topic: AccountTopic;
  /** The sentence told, with the account named. */
  text: string;
  title: string;
  href: string;
}

const TOPICS: [AccountTopic, RegExp][] = [
  ['balance', /\b(owe|owed|owing|balance|amount due|how much do i (?:have to )?pay|past due|overdue|my dues)\b/i],
  ['nextPayment', /\b(next (?:payment|charge|draft)|scheduled payments?|when (?:is|will) my (?:next )?payment|when am i (?:charged|billed))\b/i],
  ['recurring', /\b(recurring|auto-?pay|autopay|automatic(?:ally)? payments?|auto-?draft)\b/i],
];

/** The account topics a question asks about, in the order above; none for anything else. */
export function accountTopics(question: string): AccountTopic[] {
  return TOPICS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Integer cents as dollars ("$1,250.00"): the amount is exact, the text only shows it. */
export const dollars = (cents: number): string => DOLLARS.format(cents / 100);
const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (value: Date | string): string => DATE.format(typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);

interface BalanceRow { account_number: string; ledger: string; balance_cents: number | string; ledgers: number | string }
interface ScheduledRow { account_number: string; scheduled_date: Date | string; amount_cents: number | string }
interface RecurringRow { account_number: string; frequency: string; next_payment_date: Date | string; status: string }

async function balanceFacts(db: Queryable, userId: number, associationId: number): Promise<AccountFact[]> {
  const { rows } = await db.query<BalanceRow>(
    `SELECT ac.account_number, sl.name AS ledger, sl.balance_cents,
            count(*) OVER (PARTITION BY ac.id) AS ledgers
       FROM accounts ac JOIN sub_ledgers sl ON sl.account_id = ac.id
      WHERE ac.owner_user_id = $1 AND ac.association_id = $2
      ORDER BY ac.account_number, sl.position, sl.id`,
    [userId, associationId],
  );
  return rows.map((row) => {
    const cents = Number(row.balance_cents);
    const of = Number(row.ledgers) > 1 ? `${row.ledger} of account ${row.account_number}` : `account ${row.account_number}`;
    const text = cents > 0 ? `The balance of ${of} is ${dollars(cents)}.`
      : cents < 0 ? `${of[0].toUpperCase()}${of.slice(1)} has a credit of ${dollars(-cents)}.`
        : `Nothing is owed on ${of}: its balance is ${dollars(0)}.`;
    return { topic: 'balance', text, title: `Balance of account ${row.account_number}`, href: `/billing/account-overview?accountNumber=${row.account_number}` };
  });
}

async function nextPaymentFacts(db: Queryable, userId: number, associationId: number): Promise<AccountFact[]> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT DISTINCT ON (ac.id) ac.account_number, p.scheduled_date, p.amount_cents
       FROM payments p JOIN sub_ledgers sl ON sl.id = p.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
      WHERE ac.owner_user_id = $1 AND ac.association_id = $2 AND p.status = 'scheduled'
      ORDER BY ac.id, p.scheduled_date, p.id`,
    [userId, associationId],
  );
  return rows.map((row) => ({
    topic: 'nextPayment',
    text: `A payment of ${dollars(Number(row.amount_cents))} from account ${row.account_number} is scheduled for ${day(row.scheduled_date)}.`,
    title: `Scheduled payments of account ${row.account_number}`,
    href: `/billing/manage-account?accountNumber=${row.account_number}`,
  }));
}

async function recurringFacts(db: Queryable, userId: number, associationId: number): Promise<AccountFact[]> {
  const { rows } = await db.query<RecurringRow>(
    `SELECT ac.account_number, r.frequency, r.next_payment_date, r.status
       FROM recurring_payments r JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id JOIN accounts ac ON ac.id = sl.account_id
      WHERE r.user_id = $1 AND ac.association_id = $2 AND r.status IN ('active', 'paused')
      ORDER BY ac.account_number, r.next_payment_date`,
    [userId, associationId],
  );
  return rows.map((row) => ({
    topic: 'recurring',
    text: row.status === 'paused'
      ? `The ${row.frequency} recurring payment of account ${row.account_number} is paused.`
      : `The ${row.frequency} recurring payment of account ${row.account_number} next runs on ${day(row.next_payment_date)}.`,
    title: `Recurring payments of account ${row.account_number}`,
    href: '/billing/recurring-payments',
  }));
}

const READERS: Record<AccountTopic, typeof balanceFacts> = { balance: balanceFacts, nextPayment: nextPaymentFacts, recurring: recurringFacts };
/** What is told when a topic has nothing to show (every owned account has a balance, so it always has). */
const NOTHING: Partial<Record<AccountTopic, Omit<AccountFact, 'topic'>>> = {
  nextPayment: { text: 'No one-time payment is scheduled on your accounts here.', title: 'Scheduled payments', href: '/billing/manage-account' },
  recurring: { text: 'You have no recurring payment set up here.', title: 'Recurring payments', href: '/billing/recurring-payments' },
};

/**
 * The facts of the topics the question asks about, for the asker's accounts in the association;
 * none when it asks about none or the asker owns no account there (then MyCA answers from text).
 */
export async function accountFacts(db: Queryable, userId: number, associationId: number, question: string): Promise<AccountFact[]> {
  const topics = accountTopics(question);
  if (topics.length === 0) return [];
  const owns = await db.query('SELECT 1 FROM accounts WHERE owner_user_id = $1 AND association_id = $2 LIMIT 1', [userId, associationId]);
  if (owns.rows.length === 0) return [];
  const facts: AccountFact[] = [];
  for (const topic of topics) {
    const found = await READERS[topic](db, userId, associationId);
    const nothing = NOTHING[topic];
    facts.push(...(found.length === 0 && nothing ? [{ topic, ...nothing }] : found));
  }
  return facts;
}
