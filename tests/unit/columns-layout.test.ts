// The `columns` widget's counts per width: a width without a count takes the one below it, and a
// child never spans more columns than there are at that width.
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, perWidth, spanAt } from '../../engine/react/widgets/layout/columns-layout.ts';

describe('columns per width', () => {
  it('fills the widths not given from the one below, and uses the default when nothing is given', () => {
    expect(perWidth({ base: 1, md: 2 }, DEFAULT_COLUMNS)).toEqual({ base: 1, sm: 1, md: 2, lg: 2 });
    expect(perWidth(undefined, DEFAULT_COLUMNS)).toEqual({ base: 1, sm: 1, md: 2, lg: 3 });
    expect(perWidth(4, DEFAULT_COLUMNS)).toEqual({ base: 4, sm: 4, md: 4, lg: 4 });
  });

  it('caps a span at the columns of each width, one by default', () => {
    const columns = perWidth(DEFAULT_COLUMNS, DEFAULT_COLUMNS);
    expect(spanAt(2, columns)).toEqual({ base: 1, sm: 1, md: 2, lg: 2 });
    expect(spanAt({ lg: 3 }, columns)).toEqual({ base: 1, sm: 1, md: 1, lg: 3 });
    expect(spanAt(undefined, columns)).toEqual({ base: 1, sm: 1, md: 1, lg: 1 });
  });
});
