// How many columns a `columns` grid has, and how many each child spans, at each width.
export const WIDTHS = ['base', 'sm', 'md', 'lg'] as const;
export type Width = (typeof WIDTHS)[number];
export type PerWidth = Partial<Record<Width, number>>;

export const DEFAULT_COLUMNS: PerWidth = { base: 1, md: 2, lg: 3 };

/** A value at every width, each width without one taking the one below it (as CSS media queries do). */
export function perWidth(spec: PerWidth | number | undefined, fallback: PerWidth): Record<Width, number> {
  const given: PerWidth = typeof spec === 'number' ? { base: spec } : spec ?? fallback;
  let last = 1;
  return Object.fromEntries(WIDTHS.map((width) => [width, (last = given[width] ?? last)])) as Record<Width, number>;
}

/** A child's span at each width, never wider than the grid is there (so no stray implicit columns). */
export function spanAt(span: PerWidth | number | undefined, columns: Record<Width, number>): Record<Width, number> {
  const wanted = perWidth(span, { base: 1 });
  return Object.fromEntries(WIDTHS.map((width) => [width, Math.min(wanted[width], columns[width])])) as Record<Width, number>;
}
