// An association's board as the console keeps it (board_members; migration 270 adds when each
// member joined and the one-chair index). Every function is given an association the authorization
// layer has already found the caller's company's; people are looked up within that company only.
import type { Queryable } from '../db/index.ts';
import { boardError } from './board-errors.ts';

export interface BoardMember {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  chair: boolean;
  ownsHome: boolean;
  since: string;
}

export type BoardCandidate = Omit<BoardMember, 'chair' | 'since'>;

export const CANDIDATE_LIMIT = 20;

interface MemberRow {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_chair: boolean;
  owns_home: boolean;
  added_at: Date | string;
}

const ownsHomeSql = (association: string, user: string) =>
  `EXISTS (SELECT 1 FROM accounts ac WHERE ac.association_id = ${association} AND ac.owner_user_id = ${user})`;

const memberOf = (r: MemberRow): BoardMember => ({
  userId: Number(r.user_id),
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  chair: r.is_chair === true,
  ownsHome: r.owns_home === true,
  since: new Date(r.added_at).toISOString(),
});

const MEMBER_COLUMNS = `u.id AS user_id, u.email, u.first_name, u.last_name, b.is_chair, b.added_at, ${ownsHomeSql('b.association_id', 'u.id')} AS owns_home`;

export async function associationOf(db: Queryable, associationId: number): Promise<{ id: number; code: string; name: string; companyId: number }> {
  const { rows } = await db.query<{ id: number; code: string; name: string; company_id: number }>(
    'SELECT id, code, name, management_company_id AS company_id FROM associations WHERE id = $1',
    [associationId],
  );
  const a = rows[0];
  return { id: Number(a.id), code: a.code, name: a.name, companyId: Number(a.company_id) };
}

/** The board, the chair first, then by name. */
export async function listMembers(db: Queryable, associationId: number): Promise<BoardMember[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM board_members b JOIN users u ON u.id = b.user_id
      WHERE b.association_id = $1 ORDER BY b.is_chair DESC, u.last_name, u.first_name, u.id`,
    [associationId],
  );
  return rows.map(memberOf);
}

/** One member, locked for the change the caller is about to make; not on the board: 404 BRD001. */
export async function memberFor(tx: Queryable, associationId: number, userId: number): Promise<BoardMember> {
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM board_members b JOIN users u ON u.id = b.user_id
      WHERE b.association_id = $1 AND b.user_id = $2 FOR UPDATE OF b`,
    [associationId, userId],
  );
  if (rows.length === 0) throw boardError('BRD001');
  return memberOf(rows[0]);
}

/**
 * Who may sit on the board: a user of the association's company who is not its staff (active or
 * not: the trail names them, and staff answer to the company, not to a board), and not a member yet.
 */
const CANDIDATE_WHERE = `u.management_company_id = $2
        AND NOT EXISTS (SELECT 1 FROM management_staff s WHERE s.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM board_members b WHERE b.association_id = $1 AND b.user_id = u.id)`;

export async function listCandidates(db: Queryable, associationId: number, companyId: number, search: string): Promise<BoardCandidate[]> {
  const term = search.trim().toLowerCase();
  const params: unknown[] = [associationId, companyId, CANDIDATE_LIMIT];
  // Without a search: the owners only (the company's other users are found by name or e-mail).
  let filter = `AND ${ownsHomeSql('$1', 'u.id')}`;
  if (term) {
    params.push(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    filter = `AND (lower(u.first_name || ' ' || u.last_name) LIKE $4 OR u.email LIKE $4)`;
  }
  const { rows } = await db.query<Omit<MemberRow, 'is_chair' | 'added_at'>>(
    `SELECT u.id AS user_id, u.email, u.first_name, u.last_name, ${ownsHomeSql('$1', 'u.id')} AS owns_home
       FROM users u
      WHERE ${CANDIDATE_WHERE} ${filter}
      ORDER BY owns_home DESC, u.last_name, u.first_name, u.id
      LIMIT $3`,
    params,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), email: r.email, firstName: r.first_name, lastName: r.last_name, ownsHome: r.owns_home === true }));
}

/** A candidate by id; anyone else (unknown, another company's, staff): 404 BRD002; on the board already: 409 BRD003. */
export async function candidateFor(tx: Queryable, associationId: number, companyId: number, userId: number): Promise<{ userId: number; email: string }> {
  const { rows } = await tx.query<{ id: number; email: string; member: boolean }>(
    `SELECT u.id, u.email, EXISTS (SELECT 1 FROM board_members b WHERE b.association_id = $1 AND b.user_id = u.id) AS member
       FROM users u WHERE u.id = $3 AND u.management_company_id = $2 AND NOT EXISTS (SELECT 1 FROM management_staff s WHERE s.user_id = u.id)`,
    [associationId, companyId, userId],
  );
  if (rows.length === 0) throw boardError('BRD002');
  if (rows[0].member === true) throw boardError('BRD003');
  return { userId: Number(rows[0].id), email: rows[0].email };
}

/** The user an e-mail signs in as, if any: of the company and not staff, or else 409 BRD005. */
export async function userByEmail(tx: Queryable, companyId: number, email: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number; company: number; staff: boolean }>(
    `SELECT u.id, u.management_company_id AS company, EXISTS (SELECT 1 FROM management_staff s WHERE s.user_id = u.id) AS staff
       FROM users u WHERE u.email = $1`,
    [email],
  );
  if (rows.length === 0) return null;
  if (Number(rows[0].company) !== companyId || rows[0].staff === true) throw boardError('BRD005');
  return Number(rows[0].id);
}

/** The chair's name when the association has one other than `userId`. */
export async function otherChair(tx: Queryable, associationId: number, userId: number): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT trim(u.first_name || ' ' || u.last_name) AS name FROM board_members b JOIN users u ON u.id = b.user_id
      WHERE b.association_id = $1 AND b.is_chair AND b.user_id <> $2`,
    [associationId, userId],
  );
  return rows[0]?.name ?? null;
}

/** PostgreSQL's unique_violation on a board's rows: the same member twice, or a second chair. */
export function boardConflict(error: unknown): 'member' | 'chair' | null {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  if (e?.code !== '23505') return null;
  if (e.constraint === 'board_members_one_chair') return 'chair';
  if (e.constraint === 'board_members_pkey') return 'member';
  return null;
}
