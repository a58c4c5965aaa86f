// The brand's colours must keep the portal readable (WCAG 2.2 AA): text on a button filled with
// the colour and links in it at 4.5:1 (1.4.3), focus rings and field borders at 3:1 (1.4.11).
// A colour is measured against every design template's button text and page backgrounds, so it
// stays readable whatever template the association has now or takes later. Pure: the server
// refuses a colour that fails (server/branding/contrast.ts reads the templates from themes/), and
// the console says so as the colour is typed (manage-settings.ts).
import { getContrast } from 'color2k';

const HEX = /^#[0-9a-f]{6}$/i;

/** The colour settings, each given to theme tokens by server/branding/look.ts (BRAND_TOKENS). */
export type ColourKey = 'primaryColor' | 'accentColor';

/** What a colour is used with, in one design template. */
export interface Surroundings {
  theme: string;
  /** The text on a button filled with the brand colour (the theme's brand.contrast). */
  buttonText: string;
  /** What the colour stands on as a link or ring: the page's background and a card's. */
  backgrounds: { name: string; colour: string }[];
}

export interface ThemeDoc { name: string; semanticTokens?: { colors?: { brand?: { contrast?: { value?: unknown } }; frame?: { page?: { value?: unknown } } } } }

const hexOr = (value: unknown, fallback: string) => (typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : fallback);

export function surroundingsOf(doc: ThemeDoc): Surroundings {
  const colours = doc.semanticTokens?.colors;
  return {
    theme: doc.name,
    buttonText: hexOr(colours?.brand?.contrast?.value, '#ffffff'),
    backgrounds: [
      { name: 'page background', colour: hexOr(colours?.frame?.page?.value, '#ffffff') },
      { name: 'card background', colour: '#ffffff' },
    ],
  };
}

/** One use of a colour and the ratio it needs; `where` says it in words ("button text (#ffffff) on it"). */
interface Use { against: (s: Surroundings) => { where: string; colour: string }[]; minimum: number }

const BUTTON_TEXT: Use = { against: (s) => [{ where: `button text (${s.buttonText}) on it`, colour: s.buttonText }], minimum: 4.5 };
const on = (what: string) => (s: Surroundings) => s.backgrounds.map((b) => ({ where: `${what} on the ${b.name} (${b.colour})`, colour: b.colour }));

/** How each colour setting is used (BRAND_TOKENS says where), with the ratio each use needs. */
export const COLOUR_USES: Record<ColourKey, Use[]> = {
  primaryColor: [BUTTON_TEXT, { against: on('focus rings and field borders in it'), minimum: 3 }],
  accentColor: [BUTTON_TEXT, { against: on('links in it'), minimum: 4.5 }],
};

export interface ContrastFailure {
  key: ColourKey;
  colour: string;
  /** The use that fails, in words. */
  where: string;
  theme: string;
  /** The measured ratio, rounded down to two decimals (never shown as passing when it fails). */
  ratio: number;
  minimum: number;
}

const floor2 = (ratio: number) => Math.floor(ratio * 100) / 100;

/** The worst use of `colour` as setting `key` that fails its minimum, or null when every use passes. */
export function contrastFailure(key: string, colour: unknown, surroundings: readonly Surroundings[]): ContrastFailure | null {
  if (!isColourKey(key) || typeof colour !== 'string' || !HEX.test(colour)) return null;
  let worst: ContrastFailure | null = null;
  for (const use of COLOUR_USES[key]) {
    for (const s of surroundings) {
      for (const other of use.against(s)) {
        const ratio = getContrast(colour, other.colour);
        if (ratio >= use.minimum) continue;
        if (!worst || ratio / use.minimum < worst.ratio / worst.minimum) {
          worst = { key, colour: colour.toLowerCase(), where: other.where, theme: s.theme, ratio: floor2(ratio), minimum: use.minimum };
        }
      }
    }
  }
  return worst;
}

/** Why the colour is refused, in words: "gives button text (#ffffff) on it 2.23:1 in the Default template; WCAG 2.2 AA asks at least 4.5:1". */
export function describeFailure(f: ContrastFailure): string {
  return `gives ${f.where} a contrast of ${f.ratio.toFixed(2)}:1 in the ${f.theme} template; WCAG 2.2 AA asks at least ${f.minimum}:1`;
}

/** Whether a setting is one of the brand's colours. */
export function isColourKey(key: string): key is ColourKey {
  return Object.hasOwn(COLOUR_USES, key);
}
