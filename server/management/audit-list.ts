// The audit trail of a management company (/manage/audit) as a grid (server/board/grid-query.ts):
// each entry with when, the association (none for the company's own), who acted, the kind of change
// (server/audit/kinds.ts), what it changed, its old and new value and where it came from. Only the
// given company's entries, whatever the request names; the filters are query parameters, the
// grid's own sort and filter come on top.
import type { Queryable } from '../db/index.ts';
import type { GridList } from '../board/grid-query.ts';
import { auditKindSql, type AuditKind } from '../audit/kinds.ts';
import { containsPattern } from './associations-list.ts';

export interface AuditFilters {
  /** Entries of this association only (the caller has checked it is the company's). */
  associationId?: number;
  /** Part of the association's name or code. */
  association?: string;
  /** Part of the name or e-mail of who acted. */
  person?: string;
  kind?: AuditKind;
  /** Days in New York (the portal's business day), both included. */
  from?: string;
  to?: string;
  /** Entries up to this id only: an export reads the trail as it was when it began. */
  upToId?: number;
}

/** The day of an instant in New York, as the trail's date filters compare it. */
const DAY = (column: string) => `(${column} AT TIME ZONE 'America/New_York')::date`;

export function auditList(companyId: number, filters: AuditFilters): GridList {
  const actorName = `nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;
  return {
    name: 'audit',
    source: `SELECT e.id AS "rowKey", e.id, e.at, e.association_id AS "associationId", a.name AS association, a.code AS "associationCode",
             ${actorName} AS "actorName", u.email AS "actorEmail", k.kind, e.kind AS change, e.key, e.level,
             e.old_value::text AS "oldValue", e.new_value::text AS "newValue", e.ip, e.user_agent AS "userAgent"
        FROM audit_entries e
        LEFT JOIN associations a ON a.id = e.association_id
        LEFT JOIN users u ON u.id = e.actor_user_id
        CROSS JOIN LATERAL (SELECT ${auditKindSql('e.kind')} AS kind) k
       WHERE e.management_company_id = $1::integer
         AND ($2::integer IS NULL OR e.association_id = $2::integer)
         AND ($3::text = '' OR a.name ILIKE $3::text OR a.code ILIKE $3::text)
         AND ($4::text = '' OR ${actorName} ILIKE $4::text OR u.email ILIKE $4::text)
         AND ($5::text = '' OR k.kind = $5::text)
         AND ($6::date IS NULL OR ${DAY('e.at')} >= $6::date)
         AND ($7::date IS NULL OR ${DAY('e.at')} <= $7::date)
         AND ($8::bigint IS NULL OR e.id <= $8::bigint)`,
    params: [
      companyId,
      filters.associationId ?? null,
      containsPattern(filters.association),
      containsPattern(filters.person),
      filters.kind ?? '',
      filters.from ?? null,
      filters.to ?? null,
      filters.upToId ?? null,
    ],
    columns: {
      id: { kind: 'number', title: 'Id' },
      at: { kind: 'timestamp', title: 'When' },
      associationId: { kind: 'number', title: 'Association id' },
      association: { kind: 'text', title: 'Association' },
      associationCode: { kind: 'text', title: 'Association code' },
      actorName: { kind: 'text', title: 'Changed by' },
      actorEmail: { kind: 'text', title: 'E-mail' },
      kind: { kind: 'text', title: 'Kind' },
      change: { kind: 'text', title: 'Change' },
      key: { kind: 'text', title: 'What' },
      level: { kind: 'text', title: 'Level' },
      oldValue: { kind: 'text', title: 'Old value' },
      newValue: { kind: 'text', title: 'New value' },
      ip: { kind: 'text', title: 'IP address' },
      userAgent: { kind: 'text', title: 'User agent' },
    },
    // The newest first; the id (the row key) keeps entries of the same instant in the order they were made.
    defaultSort: [['at', 'desc']],
    pageByKey: true,
  };
}

/** The newest entry of a company: an export stops there. */
export async function lastAuditId(db: Queryable, companyId: number): Promise<number> {
  const { rows } = await db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM audit_entries WHERE management_company_id = $1', [companyId]);
  return Number(rows[0].id ?? 0);
}
