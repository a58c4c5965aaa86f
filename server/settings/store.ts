// The company- and association-level values in the database (portal_settings), and their changes
// with the audit entry of each, in one transaction.
import type { Db, Queryable } from '../db/index.ts';
import { recordAudit } from '../audit/record.ts';
import { contrastFailure, describeFailure } from '../branding/contrast.ts';
import { settingsError } from './errors.ts';
import { describeErrors, type SettingsSchema } from './schema.ts';
import type { Level, LevelValues } from './resolve.ts';

export interface StoredRows {
  /** Company level, by company id. */
  companies: Map<number, LevelValues>;
  /** Association level, by association id. */
  associations: Map<number, LevelValues>;
}

interface Row {
  management_company_id: number;
  association_id: number | null;
  key: string;
  value: unknown;
  locked: boolean;
}

/** Every stored value (the table is small: a few keys per company and association). */
export async function readAll(db: Queryable): Promise<StoredRows> {
  const { rows } = await db.query<Row>('SELECT management_company_id, association_id, key, value, locked FROM portal_settings');
  const companies = new Map<number, LevelValues>();
  const associations = new Map<number, LevelValues>();
  for (const r of rows) {
    const [map, id] = r.association_id === null ? [companies, Number(r.management_company_id)] : [associations, Number(r.association_id)];
    let level = map.get(id);
    if (!level) map.set(id, (level = new Map()));
    level.set(r.key, { value: r.value, locked: r.locked === true });
  }
  return { companies, associations };
}

export interface Target {
  companyId: number;
  /** null: the company level. */
  associationId: number | null;
}

export interface Actor {
  userId: number;
  ip: string;
  userAgent?: string | null;
}

export type Change = { kind: 'set'; value: unknown; locked?: boolean } | { kind: 'clear' };

const levelOf = (t: Target): Level => (t.associationId === null ? 'company' : 'association');

/**
 * Sets or clears one key at one level, with its audit entries, in one transaction. Refuses (and
 * changes nothing) an unknown key, a read-only or globally locked key, an invalid value, a brand
 * colour with too little contrast (server/branding/contrast.ts), a lock
 * asked at the association level, and any change at the association level under a company lock.
 * Answers true when something changed.
 */
export async function applyChange(db: Db, schema: SettingsSchema, target: Target, key: string, change: Change, actor: Actor): Promise<boolean> {
  const declared = schema.byKey.get(key);
  if (!declared) throw settingsError.unknownKey(key);
  if (declared.readOnly) throw settingsError.readOnly(key);
  if (declared.lockedGlobally) throw settingsError.lockedGlobally(key);
  if (change.kind === 'set') {
    if (!declared.validate(change.value)) throw settingsError.invalidValue(key, describeErrors(declared.validate.errors));
    const faint = contrastFailure(key, change.value);
    if (faint) throw settingsError.lowContrast(key, faint.colour, describeFailure(faint));
    if (target.associationId !== null && change.locked !== undefined) throw settingsError.lockOnAssociation(key);
  }
  return db.transaction(async (tx) => {
    const level = levelOf(target);
    if (target.associationId !== null) {
      // The company's row, locked for the transaction so a lock set meanwhile is seen.
      const { rows: lock } = await tx.query<{ locked: boolean }>(
        'SELECT locked FROM portal_settings WHERE management_company_id = $1 AND association_id IS NULL AND key = $2 FOR UPDATE',
        [target.companyId, key],
      );
      if (lock[0]?.locked) throw settingsError.lockedByCompany(key);
    }
    const where = target.associationId === null ? 'management_company_id = $1 AND association_id IS NULL' : 'association_id = $1';
    const { rows } = await tx.query<{ id: number; value: unknown; locked: boolean }>(
      `SELECT id, value, locked FROM portal_settings WHERE ${where} AND key = $2 FOR UPDATE`,
      [target.associationId ?? target.companyId, key],
    );
    const before = rows[0] ?? null;
    const audit = (kind: string, oldValue: unknown, newValue: unknown) =>
      recordAudit(tx, { companyId: target.companyId, associationId: target.associationId, actorUserId: actor.userId, kind, key, level, oldValue, newValue, ip: actor.ip, userAgent: actor.userAgent });
    if (change.kind === 'clear') {
      if (!before) return false;
      await tx.query('DELETE FROM portal_settings WHERE id = $1', [before.id]);
      await audit('setting.clear', before.value, null);
      if (before.locked) await audit('setting.unlock', true, false);
      return true;
    }
    const locked = target.associationId === null ? (change.locked ?? before?.locked ?? false) : false;
    const valueChanged = !before || JSON.stringify(before.value) !== JSON.stringify(change.value);
    const lockChanged = (before?.locked ?? false) !== locked;
    if (!valueChanged && !lockChanged) return false;
    if (before) {
      await tx.query('UPDATE portal_settings SET value = $2::jsonb, locked = $3, updated_by = $4, updated_at = now() WHERE id = $1', [
        before.id,
        JSON.stringify(change.value),
        locked,
        actor.userId,
      ]);
    } else {
      await tx.query(
        `INSERT INTO portal_settings (management_company_id, association_id, key, value, locked, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
        [target.companyId, target.associationId, key, JSON.stringify(change.value), locked, actor.userId],
      );
    }
    if (valueChanged) await audit('setting.set', before ? before.value : null, change.value);
    if (lockChanged) await audit(locked ? 'setting.lock' : 'setting.unlock', !locked, locked);
    return true;
  });
}
