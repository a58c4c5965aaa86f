// Demo calendar of Maple Grove (docs/server.md, "Calendar"): events this month and next (listed in
// calendar-events.ts: public ones on the public page, owners-only board meetings, all-day ones), and
// two more reservation requests of autopay@example.com this month, next to server/demo/community.ts's:
// one the board declined with a note, and a tentative one tomorrow (always in the future, so the
// board can confirm it). Days are New York days relative to the seed's now. Loaded by seedDemo inside
// its transaction.
import type { Queryable } from '../db/index.ts';
import { addDays, appDate, zonedInstant } from '../payments/billing.ts';
import { EVENTS, type DemoEvent } from './calendar-events.ts';

const DAY = 24 * 3600 * 1000;

/** The first day (YYYY-MM-DD) of the month `offset` months after `today`'s. */
function firstOfMonth(today: string, offset: number): string {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 10);
}

/** The instant of a New York wall-clock time given in hours (18.5 = 6:30 pm). */
function at(date: string, hours: number): Date {
  return new Date(zonedInstant(date, Math.floor(hours)).getTime() + (hours % 1) * 3600 * 1000);
}

function eventDay(today: string, e: DemoEvent): string {
  const first = firstOfMonth(today, e.month);
  const last = addDays(firstOfMonth(today, e.month + 1), -1);
  const day = addDays(first, e.day - 1);
  return day > last ? last : day;
}

export async function seedDemoCalendar(tx: Queryable, now: Date): Promise<void> {
  const id = async (sql: string, params: unknown[]) => Number((await tx.query<{ id: number }>(sql, params)).rows[0].id);
  const maple = await id(`SELECT id FROM associations WHERE code = 'maplegrove'`, []);
  const chair = await id(`SELECT id FROM users WHERE email = 'chair@example.com'`, []);
  const today = appDate(now);

  for (const e of EVENTS) {
    const day = eventDay(today, e);
    const [start, end] = e.hours ? [at(day, e.hours[0]), at(day, e.hours[1])] : [zonedInstant(day, 0), zonedInstant(addDays(day, e.days ?? 1), 0)];
    await tx.query(
      `INSERT INTO association_events (association_id, title, description, location, starts_at, ends_at, all_day, visibility, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [maple, e.title, e.description ?? null, e.location ?? null, start, end, !e.hours, e.visibility, chair, new Date(now.getTime() - 30 * DAY)],
    );
  }

  const account = (await tx.query<{ id: number; owner_user_id: number }>(`SELECT id, owner_user_id FROM accounts WHERE account_number = '100238'`)).rows[0];
  const area = (name: string) => id(`SELECT id FROM common_areas WHERE association_id = $1 AND name = $2`, [maple, name]);
  const d = Number(today.slice(8, 10));
  // Earlier this month when it allows, else later (a declined one takes no slot either way).
  const declinedDay = d > 7 ? addDays(today, -6) : addDays(today, 6);
  const reservations = [
    {
      subject: 'Graduation party', description: 'Graduation lunch for about 30 guests.', area: 'Pool Pavilion', day: declinedDay, hours: [10, 13], daysAgo: 12,
      status: 'declined', note: 'The pavilion is being resurfaced that week. Please choose another date.',
    },
    { subject: 'Reading circle', description: 'Monthly reading circle, about 12 people.', area: 'Clubhouse', day: addDays(today, 1), hours: [10, 12], daysAgo: 1, status: 'tentative', note: null },
  ] as const;
  for (const r of reservations) {
    const submitted = new Date(now.getTime() - r.daysAgo * DAY);
    const requestId = await id(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at)
       VALUES ($1, $2, $3, 'reservation', $4, $5, NULL, $6, $6) RETURNING id`,
      [account.id, maple, account.owner_user_id, r.subject, r.description, submitted],
    );
    const decided = r.status === 'tentative' ? null : new Date(submitted.getTime() + DAY);
    await tx.query(
      `INSERT INTO reservations (common_area_id, request_id, starts_at, ends_at, status, decided_by_user_id, decided_at, decision_note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [await area(r.area), requestId, at(r.day, r.hours[0]), at(r.day, r.hours[1]), r.status, decided ? chair : null, decided, r.note, submitted],
    );
  }
}
