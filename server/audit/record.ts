// The audit trail (migration 230, `audit_entries`): who changed what in a company's console, when
// and from where. Entries are only ever added: the database refuses UPDATE, DELETE and TRUNCATE.
import type { Queryable } from '../db/index.ts';

export interface AuditEntry {
  companyId: number;
  associationId: number | null;
  actorUserId: number | null;
  /** What happened, as `<area>.<change>`: setting.set, setting.lock, staff.invite, staff.deactivate… */
  kind: string;
  /** What it happened to: a setting's key, a staff member's e-mail. */
  key: string | null;
  level: 'company' | 'association' | null;
  oldValue: unknown;
  newValue: unknown;
  ip: string | null;
}

/** A value as jsonb; none (null) is stored as SQL NULL. */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Adds one entry, in the caller's transaction, so that it stands or falls with the change it records. */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_entries (management_company_id, association_id, actor_user_id, kind, key, level, old_value, new_value, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [entry.companyId, entry.associationId, entry.actorUserId, entry.kind, entry.key, entry.level, json(entry.oldValue), json(entry.newValue), entry.ip],
  );
}
