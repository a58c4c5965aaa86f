// Demo messages, homeowner requests, common areas and reservations (docs/server.md, "Messages and
// homeowner requests"): homeowner@example.com has three threads with management (two with replies
// they have not read) and requests of every kind over the last 36 months and one older; Maple Grove's
// common areas have tentative and confirmed reservations this month. manager@example.com (Summit
// staff) sees all of them. Loaded by seedDemo inside its transaction.
import type { Queryable } from '../db/index.ts';
import { appDate } from '../payments/billing.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

export const DEMO_COMMON_AREAS = ['Clubhouse', 'Pool Pavilion', 'Tennis Court'] as const;

interface DemoMessage {
  from: 'homeowner' | 'manager';
  hoursAgo: number;
  body: string;
}

interface DemoThread {
  association: 'maplegrove' | 'cedarpoint';
  subject: string;
  messages: DemoMessage[];
  /** How many of the last messages each side has not read yet. */
  unreadByHomeowner: number;
  unreadByManagement: number;
}

const THREADS: DemoThread[] = [
  {
    association: 'maplegrove',
    subject: 'Pool gate code',
    unreadByHomeowner: 1,
    unreadByManagement: 0,
    messages: [
      { from: 'homeowner', hoursAgo: 240, body: 'Hello, my pool key fob stopped working this weekend. Is there a new gate code?' },
      { from: 'manager', hoursAgo: 216, body: 'Hi Jordan, the gate was re-keyed last week. We will mail you a new fob; it should arrive within five business days.' },
      { from: 'homeowner', hoursAgo: 192, body: 'Thank you! Could you also send one for my partner?' },
      { from: 'manager', hoursAgo: 48, body: 'Both fobs are ready. You can pick them up at the clubhouse office, Monday to Friday, 9 am to 5 pm.' },
    ],
  },
  {
    association: 'maplegrove',
    subject: 'Landscaping around the mailbox cluster',
    unreadByHomeowner: 2,
    unreadByManagement: 0,
    messages: [
      { from: 'homeowner', hoursAgo: 120, body: 'The shrubs around the mailbox cluster on Maple Grove Lane are overgrown and block the path to the boxes.' },
      { from: 'manager', hoursAgo: 26, body: 'Thanks for letting us know. The landscaping crew is scheduled for Thursday morning.' },
      { from: 'manager', hoursAgo: 3, body: 'Update: the crew will also replace the mulch around the cluster while they are there.' },
    ],
  },
  {
    association: 'cedarpoint',
    subject: 'Guest parking permit',
    unreadByHomeowner: 0,
    unreadByManagement: 1,
    messages: [
      { from: 'homeowner', hoursAgo: 480, body: 'My parents are visiting for two weeks next month. How do I get a guest parking permit?' },
      { from: 'manager', hoursAgo: 456, body: 'Guest permits are issued at the front desk for up to 14 days. Bring the license plate number.' },
      { from: 'homeowner', hoursAgo: 432, body: 'Great, thank you for the quick answer.' },
    ],
  },
];

interface DemoReply {
  from: 'homeowner' | 'manager';
  daysAgo: number;
  body: string;
}

interface DemoRequest {
  owner: 'homeowner' | 'paid';
  account: string;
  kind: 'general' | 'architectural' | 'reservation';
  subject: string;
  description: string;
  daysAgo: number;
  status?: 'open' | 'inProgress' | 'approved' | 'approvedWithConditions' | 'declined' | 'closed';
  architectural?: { type: string; step: 'submitted' | 'boardReview' | 'decided' };
  /** A reservation on a day of this month (see dayThisMonth) from 2 pm to 6 pm New York time, or `daysAgo` days before now. */
  reservation?: { area: (typeof DEMO_COMMON_AREAS)[number]; when: 'soon' | 'earlier' | 'past'; status: 'tentative' | 'confirmed' | 'declined' };
  replies?: DemoReply[];
}

const REQUESTS: DemoRequest[] = [
  {
    owner: 'homeowner', account: '100234', kind: 'general', subject: 'Streetlight out on Maple Grove Lane', daysAgo: 12, status: 'inProgress',
    description: 'The streetlight in front of 412 Maple Grove Lane has been out for a week.',
    replies: [{ from: 'manager', daysAgo: 10, body: 'The utility company has been called; a repair is scheduled for next week.' }],
  },
  {
    owner: 'homeowner', account: '100234', kind: 'architectural', subject: 'Replace backyard fence', daysAgo: 6, status: 'open',
    description: 'Replace the 4 ft wooden fence along the back of the lot with a 5 ft black aluminum fence, same location.',
    architectural: { type: 'fence', step: 'submitted' },
  },
  {
    owner: 'homeowner', account: '100234', kind: 'reservation', subject: 'Birthday party', daysAgo: 2,
    description: 'A birthday party for about 25 guests.',
    reservation: { area: 'Clubhouse', when: 'soon', status: 'tentative' },
  },
  {
    owner: 'homeowner', account: '100234', kind: 'reservation', subject: 'Family reunion', daysAgo: 20,
    description: 'Family reunion picnic, about 40 people.',
    reservation: { area: 'Pool Pavilion', when: 'earlier', status: 'confirmed' },
    replies: [{ from: 'manager', daysAgo: 18, body: 'Your reservation is confirmed. Please leave the pavilion clean and the grills off.' }],
  },
  {
    owner: 'homeowner', account: '100234', kind: 'architectural', subject: 'Repaint front door', daysAgo: 400, status: 'approvedWithConditions',
    description: 'Repaint the front door in Benjamin Moore "Hale Navy".',
    architectural: { type: 'exteriorPaint', step: 'decided' },
    replies: [
      { from: 'manager', daysAgo: 380, body: 'The board approved the color on condition that the trim stays white.' },
      { from: 'homeowner', daysAgo: 379, body: 'Understood, the trim will stay white.' },
    ],
  },
  {
    owner: 'homeowner', account: '100234', kind: 'general', subject: 'Speed bump on Oak Court', daysAgo: 700, status: 'declined',
    description: 'Cars drive too fast on Oak Court; could the association add a speed bump?',
    replies: [{ from: 'manager', daysAgo: 690, body: 'The board reviewed this; the county does not allow speed bumps on this road. Speed signs will be added instead.' }],
  },
  {
    owner: 'homeowner', account: '100234', kind: 'reservation', subject: 'Tennis lesson', daysAgo: 300,
    description: 'Private tennis lesson for two.',
    reservation: { area: 'Tennis Court', when: 'past', status: 'confirmed' },
  },
  {
    owner: 'homeowner', account: '200411', kind: 'general', subject: 'Loose balcony railing', daysAgo: 45, status: 'open',
    description: 'The railing on my balcony (unit 12B) wobbles; please have it checked.',
  },
  {
    // Older than 36 months: shown only with period=all.
    owner: 'homeowner', account: '100234', kind: 'general', subject: 'Dog park proposal', daysAgo: 1200, status: 'closed',
    description: 'Could the empty lot by the entrance become a small dog park?',
    replies: [{ from: 'manager', daysAgo: 1150, body: 'The dog park opened this spring. Thank you for the idea!' }],
  },
  {
    owner: 'paid', account: '100235', kind: 'reservation', subject: 'Tennis doubles', daysAgo: 1,
    description: 'Doubles match with neighbors.',
    reservation: { area: 'Tennis Court', when: 'soon', status: 'tentative' },
  },
];

/** A day of the current month (New York): a few days ahead when the month allows, else a few days back. */
function dayThisMonth(now: Date, when: 'soon' | 'earlier'): string {
  const today = appDate(now);
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = when === 'soon' ? (d + 3 <= last ? d + 3 : Math.max(d - 3, 1)) : d > 7 ? d - 7 : Math.min(d + 7, last);
  return `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

export async function seedDemoCommunity(tx: Queryable, now: Date): Promise<void> {
  const id = async (sql: string, params: unknown[]) => Number((await tx.query<{ id: number }>(sql, params)).rows[0].id);
  const userId = (email: string) => id(`SELECT id FROM users WHERE email = $1`, [email]);
  const users = { homeowner: await userId('homeowner@example.com'), paid: await userId('paid@example.com'), manager: await userId('manager@example.com') };
  const chair = await userId('chair@example.com');
  const associations = {
    maplegrove: await id(`SELECT id FROM associations WHERE code = 'maplegrove'`, []),
    cedarpoint: await id(`SELECT id FROM associations WHERE code = 'cedarpoint'`, []),
  };
  const areas = new Map<string, number>();
  for (const name of DEMO_COMMON_AREAS) {
    areas.set(name, await id(`INSERT INTO common_areas (association_id, name) VALUES ($1, $2) RETURNING id`, [associations.maplegrove, name]));
  }

  for (const thread of THREADS) {
    const first = new Date(now.getTime() - thread.messages[0].hoursAgo * HOUR);
    const last = new Date(now.getTime() - thread.messages[thread.messages.length - 1].hoursAgo * HOUR);
    const threadId = await id(
      `INSERT INTO message_threads (association_id, homeowner_user_id, subject, created_at, last_message_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [associations[thread.association], users.homeowner, thread.subject, first, last],
    );
    const ids: number[] = [];
    for (const m of thread.messages) {
      ids.push(
        await id(`INSERT INTO messages (thread_id, author_user_id, from_management, body, sent_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
          threadId,
          users[m.from],
          m.from === 'manager',
          m.body,
          new Date(now.getTime() - m.hoursAgo * HOUR),
        ]),
      );
    }
    for (const [party, unread] of [['homeowner', thread.unreadByHomeowner], ['management', thread.unreadByManagement]] as const) {
      const readUpTo = ids[ids.length - 1 - unread];
      await tx.query(`INSERT INTO message_thread_reads (thread_id, party, last_read_message_id, read_at) VALUES ($1, $2, $3, $4)`, [threadId, party, readUpTo, last]);
    }
  }

  for (const r of REQUESTS) {
    const submitted = new Date(now.getTime() - r.daysAgo * DAY);
    const account = (await tx.query<{ id: number; association_id: number }>(`SELECT id, association_id FROM accounts WHERE account_number = $1`, [r.account])).rows[0];
    const requestId = await id(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at,
                                       architectural_type, architectural_step, due_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11::date + 30) RETURNING id`,
      [
        account.id, account.association_id, users[r.owner], r.kind, r.subject, r.description, r.status ?? null, submitted,
        r.architectural?.type ?? null, r.architectural?.step ?? null, r.architectural ? appDate(submitted) : null,
      ],
    );
    for (const reply of r.replies ?? []) {
      await tx.query(`INSERT INTO homeowner_request_replies (request_id, author_user_id, from_management, body, sent_at) VALUES ($1, $2, $3, $4, $5)`, [
        requestId, users[reply.from], reply.from === 'manager', reply.body, new Date(now.getTime() - reply.daysAgo * DAY),
      ]);
    }
    if (r.reservation) {
      const date = r.reservation.when === 'past' ? appDate(new Date(submitted.getTime() + 7 * DAY)) : dayThisMonth(now, r.reservation.when);
      const decided = r.reservation.status === 'tentative' ? null : new Date(submitted.getTime() + DAY);
      await tx.query(
        `INSERT INTO reservations (common_area_id, request_id, starts_at, ends_at, status, decided_by_user_id, decided_at, created_at)
         VALUES ($1, $2, ($3::date + time '14:00') AT TIME ZONE 'America/New_York', ($3::date + time '18:00') AT TIME ZONE 'America/New_York', $4, $5, $6, $7)`,
        [areas.get(r.reservation.area), requestId, date, r.reservation.status, decided ? chair : null, decided, submitted],
      );
    }
  }
}
