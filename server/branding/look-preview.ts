// The look a setting would give before it is saved: the management console shows the sign-in page,
// the dashboard's frame and the guest payment page, as the build rendered them ahead of time, in an
// association's (or a company's) look with one key's draft value over it, in frames beside the
// value being typed. The page is sent without its scripts (nothing runs in it, nothing is read or
// written), so anyone may ask for one: it shows only what the association's public pages already
// show, in colours of the asker's choosing. A draft the key's schema refuses is left out, and the
// page shows the look as saved.
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { associationLook, brandOverrides, BRAND_TOKENS, LOOK_COLUMNS, type AssociationColumns } from './look.ts';

/** The pages a preview may show (addresses of pages the build renders ahead of time). */
export const PREVIEW_PAGES = ['/login', '/dashboard', '/paynow'] as const;

/** The keys whose draft a preview shows. */
const PREVIEW_KEYS = new Set<string>(['designTemplate', ...Object.keys(BRAND_TOKENS)]);

export interface PreviewLook {
  designTemplate: string;
  themeOverrides: Record<string, string>;
}

/** The query as it arrives: a parameter given twice is a list, and is no value here. */
export interface PreviewRequest {
  /** The association's id: its look. */
  association?: unknown;
  /** Else the company's code: its look. Else the site's defaults. */
  company?: unknown;
  key?: unknown;
  value?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (value: unknown) => {
  const given = text(value);
  return given && /^[1-9][0-9]{0,9}$/.test(given) ? Number(given) : null;
};

async function savedLook(db: Queryable, settings: SettingsService, request: PreviewRequest): Promise<{ designTemplate: string; values: Record<string, unknown> }> {
  const associationId = id(request.association);
  if (associationId !== null) {
    const { rows } = await db.query<AssociationColumns>(`SELECT ${LOOK_COLUMNS} FROM associations a WHERE a.id = $1`, [associationId]);
    const a = rows[0];
    if (a) {
      const look = await associationLook(settings, a);
      return { designTemplate: look.designTemplate, values: await settings.valuesFor(Number(a.management_company_id), Number(a.id)) };
    }
  }
  const code = text(request.company);
  const companyCode = code && code.length <= 100 ? code : null;
  const { rows: companies } = companyCode === null ? { rows: [] }
    : await db.query<{ id: number }>('SELECT id FROM management_companies WHERE code = lower($1)', [companyCode]);
  if (companies[0]) {
    const values = await settings.valuesFor(Number(companies[0].id), null);
    return { designTemplate: typeof values.designTemplate === 'string' ? values.designTemplate : 'Default', values };
  }
  const defaults = Object.fromEntries(settings.schema.keys.map((key) => [key.key, key.default]));
  return { designTemplate: String(defaults.designTemplate ?? 'Default'), values: defaults };
}

/** The look the preview shows: the saved look of the association or company named, and the draft over it when its key's schema takes it. */
export async function previewLook(db: Queryable, settings: SettingsService, request: PreviewRequest): Promise<PreviewLook> {
  const saved = await savedLook(db, settings, request);
  const values = { ...saved.values };
  let designTemplate = saved.designTemplate;
  const key = text(request.key) ?? '';
  const definition = PREVIEW_KEYS.has(key) ? settings.schema.byKey.get(key) : undefined;
  const typed = text(request.value);
  if (definition && typed !== null) {
    // An empty draft of a key that may be none is none: the template's own colour.
    const draft = typed.trim() === '' ? null : typed.trim();
    if (definition.validate(draft)) {
      if (key === 'designTemplate') designTemplate = String(draft);
      else values[key] = draft;
    }
  }
  return { designTemplate, themeOverrides: brandOverrides(values) };
}
