// Column widths that fill a grid the way a table lays out its columns: every column gets the room
// its cells need when they all fit; otherwise the columns with the longest texts give up width first
// (fewer columns cut, and those cut keep as much as the others leave), never below their minimum.

/** What a column needs, in pixels. */
export interface ColumnSpace {
  /** The least it may have: its words of the header whole, and the column's own minimum. */
  min: number;
  /** Its cells and header shown in full (the header wrapped between words). */
  need: number;
  /** Its header on one line as well. */
  want: number;
  /** Its share of width left over once every column has what it wants (0: none). */
  weight: number;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The level L at which the columns, each `clamp(L, low, high)` wide, fill `available`
 * (`sum(low) <= available <= sum(high)`): the widest columns are cut down to the same width.
 */
function fillLevel(low: readonly number[], high: readonly number[], available: number): number {
  let below = 0;
  let above = Math.max(...high);
  for (let step = 0; step < 40; step += 1) {
    const level = (below + above) / 2;
    const width = sum(low.map((least, index) => Math.min(Math.max(level, least), high[index])));
    if (width > available) above = level; else below = level;
  }
  return below;
}

/** Whole pixels adding up to `available` exactly (the grid neither scrolls nor leaves a gap). */
function wholePixels(widths: readonly number[], available: number): number[] {
  const whole = widths.map(Math.floor);
  let left = Math.round(available - sum(whole));
  const byFraction = widths.map((width, index) => ({ index, fraction: width - Math.floor(width) })).sort((a, b) => b.fraction - a.fraction);
  for (const { index } of byFraction) {
    if (left <= 0) break;
    whole[index] += 1;
    left -= 1;
  }
  return whole;
}

/**
 * Widths of the columns for a grid `available` pixels wide. Columns that cannot all have their
 * minimum keep it (the grid scrolls sideways).
 */
export function fitWidths(columns: readonly ColumnSpace[], available: number): number[] {
  if (columns.length === 0) return [];
  const min = columns.map((column) => column.min);
  const need = columns.map((column, index) => Math.max(column.need, min[index]));
  const want = columns.map((column, index) => Math.max(column.want, need[index]));
  if (sum(min) > available) return min.map(Math.ceil);
  if (sum(need) > available) {
    const level = fillLevel(min, need, available);
    return wholePixels(min.map((least, index) => Math.min(Math.max(level, least), need[index])), available);
  }
  if (sum(want) > available) {
    const level = fillLevel(need, want, available);
    return wholePixels(need.map((least, index) => Math.min(Math.max(level, least), want[index])), available);
  }
  const weights = columns.map((column) => Math.max(column.weight, 0));
  const shares = sum(weights) > 0 ? weights : want;
  const spare = available - sum(want);
  const total = sum(shares);
  return wholePixels(want.map((width, index) => width + (spare * shares[index]) / total), available);
}
