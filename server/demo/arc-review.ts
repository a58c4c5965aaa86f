// Demo data of the board's architectural review (docs/server.md, "Board: architectural review"):
// Maple Grove's board grows to five (board@, chair@ and board2@ to board4@), and residents' ARC
// requests stand at every step: awaiting votes, partly voted (with an edit and a retraction in the
// history), overdue, and decided each way. Each carries pictures (real small PNG and JPEG files,
// server/demo/images/) or a PDF plan, and most a conversation with the board.
// homeowner@example.com's own "Replace backyard fence" stays awaiting every vote.
import type { Queryable } from '../db/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { appDate } from '../payments/billing.ts';
import { addAttachment } from '../community/request-attachments.ts';
import { detectType } from '../documents/content-type.ts';
import { pdf } from './documents.ts';
import { demoImage } from './images.ts';

const DAY = 24 * 3600 * 1000;

/** The three further board members of Maple Grove (not chairs). */
export const DEMO_BOARD_MEMBERS = [
  { email: 'board2@example.com', password: 'Board2#2026', firstName: 'Jamie', lastName: 'Ellis' },
  { email: 'board3@example.com', password: 'Board3#2026', firstName: 'Quinn', lastName: 'Harper' },
  { email: 'board4@example.com', password: 'Board4#2026', firstName: 'Sam', lastName: 'Okafor' },
] as const;

type Member = 'board' | 'chair' | 'board2' | 'board3' | 'board4';

interface DemoArc {
  account: string;
  subject: string;
  description: string;
  type: string;
  daysAgo: number;
  /** In order: [member, days ago, action, vote, comment]. */
  votes?: [Member, number, 'vote' | 'edit' | 'retract', 'approve' | 'decline' | null, string | null][];
  decision?: { daysAgo: number; outcome: 'approved' | 'approvedWithConditions' | 'declined'; conditions?: string; comment?: string };
  messages?: { from: 'board' | 'homeowner'; member?: Member; daysAgo: number; body: string }[];
  attachments?: { name: string; bytes: () => Promise<Buffer> }[];
}

const ARCS: DemoArc[] = [
  {
    account: '100240', subject: 'Solar panels on the south roof', type: 'solar', daysAgo: 12,
    description: 'Install 18 black-framed solar panels flush with the south-facing roof; the inverter goes in the garage.',
    votes: [
      ['board', 10, 'vote', 'approve', 'Panels are flush and not visible from the street.'],
      ['board4', 9, 'vote', 'approve', null],
      ['board2', 8, 'vote', 'decline', 'I would like to see the wiring route first.'],
      ['board4', 7, 'retract', null, null],
      ['chair', 6, 'vote', 'approve', null],
      ['board2', 4, 'edit', 'approve', 'The wiring runs inside the attic; fine with me now.'],
    ],
    messages: [
      { from: 'board', member: 'board2', daysAgo: 8, body: 'Could you tell us how the wiring runs from the roof to the garage?' },
      { from: 'homeowner', daysAgo: 5, body: 'It runs inside the attic and down the garage wall; nothing shows outside.' },
    ],
    attachments: [{ name: 'Panel layout.png', bytes: () => demoImage('panel-layout.png') }],
  },
  {
    account: '100243', subject: 'Backyard storage shed', type: 'addition', daysAgo: 40,
    description: 'An 8 x 10 ft wooden shed in the back corner of the lot, painted to match the house.',
    votes: [['board3', 30, 'vote', 'approve', 'Matches the house; set back far enough.']],
    messages: [
      { from: 'board', member: 'board3', daysAgo: 31, body: 'Will the shed have electricity? If so, who runs the line?' },
      { from: 'homeowner', daysAgo: 30, body: 'No power for now. If we add it later, a licensed electrician will do it.' },
    ],
    attachments: [
      { name: 'Shed drawing.pdf', bytes: () => pdf('Shed drawing', ['8 x 10 ft shed, 5 ft from each property line.', 'Siding and trim painted to match the house.'], 'Marcus Johnson') },
      { name: 'Shed site.jpg', bytes: () => demoImage('shed-site.jpg') },
    ],
  },
  {
    account: '100245', subject: 'Replace front windows', type: 'windowsDoors', daysAgo: 35,
    description: 'Replace the four front windows with white vinyl double-hung windows of the same size.',
    votes: [
      ['board', 30, 'vote', 'approve', null],
      ['chair', 29, 'vote', 'approve', null],
      ['board2', 28, 'vote', 'approve', null],
    ],
    decision: { daysAgo: 27, outcome: 'approved', comment: 'Same size and color as the neighbors: approved.' },
    attachments: [{ name: 'Front windows.jpg', bytes: () => demoImage('front-windows.jpg') }],
  },
  {
    account: '100247', subject: 'Front yard landscaping', type: 'landscaping', daysAgo: 50,
    description: 'Replace the front lawn with native plants, a gravel path and two crape myrtles.',
    votes: [
      ['board', 45, 'vote', 'approve', null],
      ['board3', 44, 'vote', 'decline', 'Gravel washes into the street.'],
      ['chair', 43, 'vote', 'approve', null],
    ],
    decision: {
      daysAgo: 42, outcome: 'approvedWithConditions',
      conditions: 'Edge the gravel path with steel edging so no gravel reaches the sidewalk.',
    },
    messages: [{ from: 'board', member: 'chair', daysAgo: 42, body: 'Approved with one condition: please edge the gravel path.' }],
    attachments: [{ name: 'Planting plan.png', bytes: () => demoImage('planting-plan.png') }],
  },
  {
    account: '100249', subject: 'Paint the house purple', type: 'exteriorPaint', daysAgo: 60,
    description: 'Repaint the siding in a deep purple with white trim.',
    votes: [
      ['board', 55, 'vote', 'decline', 'Not in the approved color palette.'],
      ['board2', 55, 'vote', 'decline', null],
      ['chair', 54, 'vote', 'decline', null],
    ],
    decision: { daysAgo: 53, outcome: 'declined', comment: 'Please choose a color from the approved palette and submit again.' },
    messages: [
      { from: 'board', member: 'board', daysAgo: 56, body: 'Is the purple on the sample the final shade?' },
      { from: 'homeowner', daysAgo: 56, body: 'Yes, that is the exact color.' },
    ],
    attachments: [{ name: 'Color sample.jpg', bytes: () => demoImage('color-sample.jpg') }],
  },
];

export async function seedDemoArcReview(tx: Queryable, passwords: PasswordHasher, now: Date): Promise<void> {
  const one = async (sql: string, params: unknown[]) => Number((await tx.query<{ id: number }>(sql, params)).rows[0].id);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const maple = await one(`SELECT id FROM associations WHERE code = 'maplegrove'`, []);
  const company = await one(`SELECT management_company_id AS id FROM associations WHERE id = $1`, [maple]);
  const members = new Map<Member, number>();
  for (const who of ['board', 'chair'] as const) members.set(who, await one(`SELECT id FROM users WHERE email = $1`, [`${who}@example.com`]));
  for (const m of DEMO_BOARD_MEMBERS) {
    const userId = await one(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      company,
      m.email,
      await passwords.hash(m.password),
      m.firstName,
      m.lastName,
    ]);
    await tx.query(`INSERT INTO board_members (user_id, association_id, is_chair) VALUES ($1, $2, false)`, [userId, maple]);
    members.set(m.email.split('@')[0] as Member, userId);
  }
  const member = (who: Member) => members.get(who)!;

  for (const arc of ARCS) {
    const submitted = at(arc.daysAgo);
    const account = (await tx.query<{ id: number; owner_user_id: number }>(`SELECT id, owner_user_id FROM accounts WHERE account_number = $1`, [arc.account])).rows[0];
    const step = arc.decision ? 'decided' : arc.votes?.length ? 'boardReview' : 'submitted';
    const requestId = await one(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at,
                                       architectural_type, architectural_step, due_date)
       VALUES ($1, $2, $3, 'architectural', $4, $5, $6, $7, $7, $8, $9, $10::date + 30) RETURNING id`,
      [account.id, maple, account.owner_user_id, arc.subject, arc.description, arc.decision?.outcome ?? 'open', submitted, arc.type, step, appDate(submitted)],
    );
    for (const [who, daysAgo, action, vote, comment] of arc.votes ?? []) {
      await tx.query(`INSERT INTO arc_votes (request_id, member_user_id, action, vote, comment, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        requestId, member(who), action, vote, comment, at(daysAgo),
      ]);
    }
    if (arc.decision) {
      const d = arc.decision;
      await tx.query(`INSERT INTO arc_decisions (request_id, decided_by_user_id, decided_at, outcome, conditions, comment) VALUES ($1, $2, $3, $4, $5, $6)`, [
        requestId, member('chair'), at(d.daysAgo), d.outcome, d.conditions ?? null, d.comment ?? null,
      ]);
    }
    for (const m of arc.messages ?? []) {
      await tx.query(`INSERT INTO homeowner_request_replies (request_id, author_user_id, from_management, from_board, body, sent_at) VALUES ($1, $2, false, $3, $4, $5)`, [
        requestId, m.from === 'board' ? member(m.member ?? 'board') : account.owner_user_id, m.from === 'board', m.body, at(m.daysAgo),
      ]);
    }
    for (const file of arc.attachments ?? []) {
      const bytes = await file.bytes();
      const type = await detectType(bytes);
      if (!type) throw new Error(`demo attachment ${file.name} is of no allowed type`);
      await addAttachment(tx, requestId, { name: file.name, type, bytes, uploadedBy: account.owner_user_id, fromManagement: false, at: submitted });
    }
  }
}
