// An association's look as residents, guests and visitors see it: its design template, logo,
// banner, favicon and colours, from its effective settings (global <- company <- association). The
// association's own columns stand for the global level of the template, logo and banner. Which
// colour settings give which theme tokens is decided here (BRAND_TOKENS); the engine only sets
// the tokens it is given (engine/core/themed-page.ts).
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { ColourKey } from '../../flows/brand-contrast.ts';

/** The theme tokens each colour setting (each the contrast rules know, flows/brand-contrast.ts) gives its value to. */
export const BRAND_TOKENS = {
  // Primary buttons' fill, focus rings and the border of a focused field.
  primaryColor: ['colors.brand.solid', 'colors.brand.focusRing'],
  // Links and text in the brand's colour (outline and ghost buttons too).
  accentColor: ['colors.brand.fg'],
} as const satisfies Record<ColourKey, readonly string[]>;

export type { ColourKey } from '../../flows/brand-contrast.ts';

export interface AssociationLook {
  designTemplate: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  faviconUrl: string | null;
  /** Theme tokens given the association's colours (token path → #rrggbb); {} when it has none. */
  themeOverrides: Record<string, string>;
}

/** The association's columns that stand for the global level. */
export interface AssociationColumns {
  id: number;
  management_company_id: number;
  design_template: string;
  logo_url: string | null;
  banner_url: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The theme tokens a set of colour settings gives. */
export function brandOverrides(values: Record<string, unknown>): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const [key, tokens] of Object.entries(BRAND_TOKENS)) {
    const colour = text(values[key]);
    if (colour) for (const token of tokens) overrides[token] = colour.toLowerCase();
  }
  return overrides;
}

export async function associationLook(settings: SettingsService, a: AssociationColumns): Promise<AssociationLook> {
  const effective = await settings.forAssociation(Number(a.management_company_id), Number(a.id));
  const set = (key: string) => effective.find((e) => e.key === key && e.source !== 'global');
  const values = Object.fromEntries(effective.map((e) => [e.key, e.value]));
  return {
    designTemplate: text(set('designTemplate')?.value) ?? a.design_template,
    logoUrl: text(set('logo')?.value) ?? a.logo_url,
    bannerUrl: text(set('banner')?.value) ?? a.banner_url,
    faviconUrl: text(values.favicon),
    themeOverrides: brandOverrides(values),
  };
}

export const LOOK_COLUMNS = 'a.id, a.management_company_id, a.design_template, a.logo_url, a.banner_url';

/** The look of the association with `code`, or null when there is none. */
export async function lookByCode(db: Queryable, settings: SettingsService, code: string): Promise<(AssociationLook & { code: string }) | null> {
  if (code.length > 100) return null;
  const { rows } = await db.query<AssociationColumns & { code: string }>(`SELECT ${LOOK_COLUMNS}, a.code FROM associations a WHERE a.code = lower($1)`, [code]);
  const a = rows[0];
  return a ? { ...(await associationLook(settings, a)), code: a.code } : null;
}
