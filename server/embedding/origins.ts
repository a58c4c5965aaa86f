// Which parent pages may show an association's portal in a frame: its `embeddingOrigins` setting
// (schemas/settings.schema.yaml, group embedding), read through the settings service, whose cache
// makes it a lookup in memory.
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';

export interface EmbeddedAssociation {
  id: number;
  companyId: number;
  code: string;
  name: string;
}

interface AssociationRow {
  id: number;
  management_company_id: number;
  code: string;
  name: string;
}

const COLUMNS = 'id, management_company_id, code, name';
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$/;
// The setting's own pattern, checked again: each origin becomes a CSP source, where a space or a
// semicolon would add sources or directives of its own.
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/;

const associationOf = (row: AssociationRow | undefined): EmbeddedAssociation | null =>
  row ? { id: Number(row.id), companyId: Number(row.management_company_id), code: row.code, name: row.name } : null;

/** The association with this code (any case), or null; null too for what cannot be a code. */
export async function associationByCode(db: Queryable, code: string): Promise<EmbeddedAssociation | null> {
  if (!CODE.test(code)) return null;
  const { rows } = await db.query<AssociationRow>(`SELECT ${COLUMNS} FROM associations WHERE code = lower($1)`, [code]);
  return associationOf(rows[0]);
}

export async function associationById(db: Queryable, id: number): Promise<EmbeddedAssociation | null> {
  const { rows } = await db.query<AssociationRow>(`SELECT ${COLUMNS} FROM associations WHERE id = $1`, [id]);
  return associationOf(rows[0]);
}

/** The association's effective `embeddingOrigins`, lower-cased, each once. */
export async function embeddingOriginsOf(settings: SettingsService, association: EmbeddedAssociation): Promise<string[]> {
  const values = await settings.valuesFor(association.companyId, association.id);
  const listed = Array.isArray(values.embeddingOrigins) ? values.embeddingOrigins : [];
  return [...new Set(listed.filter((o): o is string => typeof o === 'string').map((o) => o.toLowerCase()).filter((o) => ORIGIN.test(o)))];
}

/**
 * The origins that may frame a payment of this merchant account: those of every association paid
 * into it (usually one), as a real provider holds the pages each merchant registered.
 */
export async function merchantEmbeddingOrigins(db: Queryable, settings: SettingsService, merchantAccount: string): Promise<string[]> {
  const { rows } = await db.query<AssociationRow>(`SELECT ${COLUMNS} FROM associations WHERE provider_account = $1 ORDER BY id`, [merchantAccount]);
  const origins = await Promise.all(rows.map((row) => embeddingOriginsOf(settings, associationOf(row)!)));
  return [...new Set(origins.flat())];
}
