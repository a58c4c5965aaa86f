// Demo assessment schedules, relative to the seed's date: the Maple Grove accounts of the demo's
// homeowners are charged a $200.00 monthly assessment from 10 days after the seed (that day of the
// month on), and account 200411 at Cedar Point a one-time $350.00 special assessment in 20 days.
// Nothing posts at load: the first charges come when the clock passes their dates.
import type { Queryable } from '../db/index.ts';
import { addDays, appDate } from '../payments/billing.ts';
import { createAssessmentSchedule } from '../assessments/store.ts';

export const DEMO_ASSESSMENT_SCHEDULES: { account: string; subLedger: string; description: string; cents: number; inDays: number; oneTime?: boolean }[] = [
  { account: '100234', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
  { account: '200411', subLedger: 'Assessments', description: 'Special assessment: roof repair', cents: 35000, inDays: 20, oneTime: true },
  { account: '100235', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
  { account: '100238', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
];

export async function seedDemoAssessmentSchedules(tx: Queryable, now: Date): Promise<void> {
  for (const s of DEMO_ASSESSMENT_SCHEDULES) {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number = $1 AND sl.name = $2',
      [s.account, s.subLedger],
    );
    if (!rows[0]) continue;
    const startDate = addDays(appDate(now), s.inDays);
    await createAssessmentSchedule(
      tx,
      { subLedgerId: Number(rows[0].id), description: s.description, amountCents: s.cents, dayOfMonth: Number(startDate.slice(8)), startDate, endDate: s.oneTime ? startDate : null },
      now,
    );
  }
}
