// The management console's list of associations (docs/server.md, "Management console"): every
// association of the caller's management company with what staff watch, as a grid
// (server/board/grid-query.ts). The company is the caller's own (users.management_company_id):
// the source never reads another company's associations, whatever the request names.
import type { GridList } from '../board/grid-query.ts';

/** `search` as an ILIKE pattern matching it anywhere (its own %, _ and \ taken literally); '' for none. */
export function containsPattern(search: string | undefined): string {
  const text = (search ?? '').trim();
  return text === '' ? '' : `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The associations managed by user `userId`'s company, with their counts as of the business day
 * `today`, kept to those whose name or code contains `search`.
 * - homes: accounts; ownersSignedUp: accounts with a registered owner;
 * - openRequests: general and architectural requests open or in progress, reservation requests
 *   still tentative (a reservation request's status is its reservation's);
 * - unreadMessages: homeowners' messages after management's last read one of their thread (as
 *   server/community/threads.ts counts management's unread);
 * - pastDueCents: the balances owing since before `today` (account_standing: at least one day past due).
 */
export function managedAssociationsList(userId: number, today: string, search: string | undefined): GridList {
  return {
    name: 'associations',
    source: `SELECT a.id AS "rowKey", a.id, a.code, a.name,
             (SELECT count(*) FROM accounts ac WHERE ac.association_id = a.id)::integer AS homes,
             (SELECT count(*) FROM accounts ac WHERE ac.association_id = a.id AND ac.owner_user_id IS NOT NULL)::integer AS "ownersSignedUp",
             (SELECT count(*) FROM homeowner_requests r LEFT JOIN reservations res ON res.request_id = r.id
               WHERE r.association_id = a.id AND coalesce(r.status, res.status) IN ('open', 'inProgress', 'tentative'))::integer AS "openRequests",
             (SELECT count(*) FROM message_threads t JOIN messages m ON m.thread_id = t.id AND NOT m.from_management
               WHERE t.association_id = a.id
                 AND m.id > coalesce((SELECT rd.last_read_message_id FROM message_thread_reads rd WHERE rd.thread_id = t.id AND rd.party = 'management'), 0))::integer AS "unreadMessages",
             (SELECT coalesce(sum(s.balance_cents), 0) FROM account_standing s
               WHERE s.association_id = a.id AND s.balance_cents > 0 AND s.oldest_unpaid < $2::date)::bigint AS "pastDueCents"
        FROM associations a JOIN users u ON u.management_company_id = a.management_company_id
       WHERE u.id = $1::integer AND ($3::text = '' OR a.name ILIKE $3::text OR a.code ILIKE $3::text)`,
    params: [userId, today, containsPattern(search)],
    columns: {
      id: { kind: 'number', title: 'Id' },
      code: { kind: 'text', title: 'Code' },
      name: { kind: 'text', title: 'Association' },
      homes: { kind: 'number', title: 'Homes' },
      ownersSignedUp: { kind: 'number', title: 'Owners signed up' },
      openRequests: { kind: 'number', title: 'Open requests' },
      unreadMessages: { kind: 'number', title: 'Unread messages' },
      pastDueCents: { kind: 'money', title: 'Past due' },
    },
    defaultSort: [['name', 'asc']],
  };
}
