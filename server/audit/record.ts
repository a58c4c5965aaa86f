// The audit trail (migrations 230 and 260, `audit_entries`): who changed what in a company's console,
// when and from where. Entries are only ever added: the database refuses UPDATE, DELETE and TRUNCATE.
// Every change of the console goes through recordAudit; its `kind` says which kind of change it is
// (server/audit/kinds.ts), which is what the trail is filtered by.
import type { Queryable } from '../db/index.ts';

export interface AuditEntry {
  companyId: number;
  associationId: number | null;
  actorUserId: number | null;
  /**
   * What happened, as `<area>.<change>`: setting.set, setting.lock, staff.invite, board.add,
   * page.publish… (server/audit/kinds.ts sorts the areas into the kinds the trail is filtered by).
   */
  kind: string;
  /** What it happened to: a setting's key, a staff member's e-mail. */
  key: string | null;
  level: 'company' | 'association' | null;
  oldValue: unknown;
  newValue: unknown;
  /** The request's address (as trust-proxy.ts settles it), and its User-Agent: originOf(request). */
  ip: string | null;
  userAgent?: string | null;
}

/** The longest User-Agent kept: enough for any browser's, not a place to store a payload. */
const MAX_USER_AGENT = 500;

/** Where a request came from, as the trail keeps it. */
export function originOf(request: { ip: string; headers?: Record<string, string | undefined> }): { ip: string; userAgent: string | null } {
  const agent = request.headers?.['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, MAX_USER_AGENT) : null };
}

/** A value as jsonb; none (null) is stored as SQL NULL. */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Adds one entry, in the caller's transaction, so that it stands or falls with the change it records. */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_entries (management_company_id, association_id, actor_user_id, kind, key, level, old_value, new_value, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
    [
      entry.companyId,
      entry.associationId,
      entry.actorUserId,
      entry.kind,
      entry.key,
      entry.level,
      json(entry.oldValue),
      json(entry.newValue),
      entry.ip,
      entry.userAgent ?? null,
    ],
  );
}
