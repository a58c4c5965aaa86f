// The board's list of architectural requests as a grid (server/board/grid-query.ts), so that the
// browser's grid pages, sorts, filters and exports it through the same contract as the other board
// lists. Each row is flat: every field is a column the grid can sort, filter and export by name.
import type { GridList } from '../board/grid-query.ts';

export type ArcListStatus = 'open' | 'decided' | 'all' | 'awaitingMyVote';

/** The address on one line, as requests-store.ts's addressOf composes it. */
const ONE_LINE_ADDRESS = `concat_ws(', ',
    NULLIF(concat_ws(', ', CASE WHEN btrim(ac.address1) <> '' THEN ac.address1 END, CASE WHEN btrim(ac.address2) <> '' THEN ac.address2 END), ''),
    NULLIF(ac.city, ''), NULLIF(btrim(ac.state_province || ' ' || ac.postal_code), ''))`;

/**
 * The association's architectural requests for one board member (`userId`, for myVote and
 * awaitingMyVote) as of the business day `today` (for overdue). The homeowner is the account's
 * owner, else whoever submitted it (as in requests-store.ts).
 */
export function arcRequestsList(associationId: number, userId: number, today: string, status: ArcListStatus): GridList {
  return {
    name: 'architectural requests',
    source: `SELECT r.id AS "rowKey", r.id, r.subject, r.architectural_type AS type, r.architectural_step AS step, r.status,
                    r.submitted_at AS "submittedAt", r.due_date AS "dueDate",
                    (r.architectural_step <> 'decided' AND r.due_date < $2::date) AS overdue,
                    hu.first_name || ' ' || hu.last_name AS "homeownerName", ${ONE_LINE_ADDRESS} AS address, ac.account_number AS "accountNumber",
                    (SELECT count(*) FROM arc_current_votes v WHERE v.request_id = r.id AND v.vote = 'approve')::integer AS "approveVotes",
                    (SELECT count(*) FROM arc_current_votes v WHERE v.request_id = r.id AND v.vote = 'decline')::integer AS "declineVotes",
                    mine.vote AS "myVote",
                    -- A request decided before the board's review was recorded has its outcome as its status only.
                    coalesce(d.outcome, CASE WHEN r.architectural_step = 'decided' THEN r.status END) AS decision
               FROM homeowner_requests r
               JOIN accounts ac ON ac.id = r.account_id
               JOIN users hu ON hu.id = coalesce(ac.owner_user_id, r.submitted_by_user_id)
               LEFT JOIN arc_decisions d ON d.request_id = r.id
               LEFT JOIN arc_current_votes mine ON mine.request_id = r.id AND mine.member_user_id = $3
              WHERE r.kind = 'architectural' AND r.association_id = $1
                AND ($4::text = 'all' OR ($4::text = 'decided') = (r.architectural_step = 'decided'))
                AND ($4::text <> 'awaitingMyVote' OR mine.vote IS NULL)`,
    params: [associationId, today, userId, status],
    columns: {
      id: { kind: 'number', title: 'Id' },
      type: { kind: 'text', title: 'Type' },
      subject: { kind: 'text', title: 'Subject' },
      // The steps in the order a request goes through them.
      step: { kind: 'text', title: 'Step', sortBy: `array_position(ARRAY['submitted', 'boardReview', 'decided'], g."step")` },
      status: { kind: 'text', title: 'Status' },
      submittedAt: { kind: 'timestamp', title: 'Submitted' },
      dueDate: { kind: 'date', title: 'Due date' },
      overdue: { kind: 'boolean', title: 'Overdue' },
      homeownerName: { kind: 'text', title: 'Homeowner' },
      address: { kind: 'text', title: 'Address' },
      accountNumber: { kind: 'text', title: 'Account number' },
      approveVotes: { kind: 'number', title: 'Approve votes' },
      declineVotes: { kind: 'number', title: 'Decline votes' },
      myVote: { kind: 'text', title: 'My vote' },
      decision: { kind: 'text', title: 'Decision' },
    },
    // The most urgent first; of those due the same day, the latest submitted first.
    defaultSort: [['dueDate', 'asc'], ['id', 'desc']],
  };
}
