// A chart node's rows as the drawing and its table read them: the categories and figures picked
// out of the rows and formatted once, with each series' name and look. Kept apart from the drawing
// so that the figures screen readers get are, by construction, those drawn.
import type { WidgetNodeConfig } from '../../app/config-types.ts';

export type ChartKind = 'bar' | 'stacked-bar' | 'line';
type Format = (value: unknown) => string;

export interface ChartSeries {
  /** The row field, also the drawing's data key. */
  key: string;
  label: string;
  color: string;
  /** A line's dash (none for the first line, then one of its own each), so lines differ in more than colour. */
  dash?: string;
}

export interface ChartModel {
  kind: ChartKind;
  horizontal: boolean;
  categoryLabel: string;
  valueLabel: string;
  series: ChartSeries[];
  /** One entry per row: the formatted category under CATEGORY, each series' figure under its key. */
  data: Record<string, string | number>[];
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
}

/** The data key of the category in the drawing's rows (a name no row field can take). */
export const CATEGORY = '\u0000category';

// Shades of the palettes every theme has (engine/react/theme/palettes.ts), apart in hue and in
// lightness, each at least 3:1 against a light page.
const PALETTE = ['blue.600', 'orange.600', 'green.700', 'red.700', 'gray.600'];
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3'];

interface SeriesNode { field: string; label: string; color?: string }
interface AxisNode { field?: string; label?: string; format?: string; kind?: 'month'; currency?: string }

/** A formatter by name (none: the value as text); an unknown name is a configuration error. */
function formatterOf(formatters: Record<string, Format>, name: string | undefined): Format | null {
  if (!name) return null;
  const formatter = formatters[name];
  if (!formatter) throw new Error(`Unknown formatter "${name}"`);
  return formatter;
}

const figure = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

/** Figures in minor units of `currency`: whole amounts for the table, shortened ones for the axis. */
function currencyFormats(currency: string, language: string) {
  const full = new Intl.NumberFormat(language, { style: 'currency', currency });
  const compact = new Intl.NumberFormat(language, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  const minor = 10 ** (full.resolvedOptions().maximumFractionDigits ?? 2);
  return { value: (v: number) => full.format(v / minor), tick: (v: number) => compact.format(v / minor) };
}

/** "2026-03" → "Mar 2026" (the month as written, whatever the reader's time zone); anything else as it is. */
function monthFormat(language: string): Format {
  const format = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (v) => (typeof v === 'string' && /^\d{4}-\d{2}$/.test(v) ? format.format(new Date(`${v}-01T12:00:00Z`)) : v === null || v === undefined ? '' : String(v));
}

export function chartModel(node: WidgetNodeConfig, rows: unknown[], formatters: Record<string, Format>, t: (key: string) => string, language = 'en'): ChartModel {
  const x = node.x as AxisNode & { field: string };
  const value = (node.value ?? {}) as AxisNode;
  const kind = node.kind as ChartKind;
  const formatCategory = formatterOf(formatters, x.format) ?? (x.kind === 'month' ? monthFormat(language) : (v: unknown) => (v === null || v === undefined ? '' : String(v)));
  const valueFormatter = formatterOf(formatters, value.format);
  const money = value.currency ? currencyFormats(value.currency, language) : null;
  const formatValue = (v: number) => (valueFormatter ? valueFormatter(v) : money ? money.value(v) : v.toLocaleString(language));
  const series = (node.series as SeriesNode[]).map((s, index) => ({
    key: s.field,
    label: t(s.label),
    color: s.color ?? PALETTE[index % PALETTE.length],
    dash: kind === 'line' ? DASHES[index % DASHES.length] : undefined,
  }));
  const data = rows.map((row) => {
    const fields = (row ?? {}) as Record<string, unknown>;
    return Object.fromEntries([[CATEGORY, formatCategory(fields[x.field])], ...series.map((s) => [s.key, figure(fields[s.key])])]);
  });
  return {
    kind,
    horizontal: node.horizontal === true && kind !== 'line',
    categoryLabel: x.label ? t(x.label) : '',
    valueLabel: value.label ? t(value.label) : '',
    series,
    data,
    formatValue,
    formatTick: money && !valueFormatter ? money.tick : formatValue,
  };
}
