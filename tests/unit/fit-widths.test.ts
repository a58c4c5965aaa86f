import { describe, expect, it } from 'vitest';
import { fitWidths, type ColumnSpace } from '../../engine/react/widgets/grid/fit-widths.ts';

const column = (min: number, need: number, want = need, weight = 1): ColumnSpace => ({ min, need, want, weight });
const total = (widths: number[]) => widths.reduce((sum, width) => sum + width, 0);

describe('fitting grid columns to the grid width', () => {
  it('gives every column what it wants and shares the rest by weight (none to columns without)', () => {
    const widths = fitWidths([column(80, 200, 200, 2), column(80, 100, 120, 1), column(170, 170, 170, 0)], 700);
    // 490 wanted, 210 left: two thirds and one third.
    expect(widths).toEqual([340, 190, 170]);
  });

  it('shares the rest in proportion to what they want when no column has a weight', () => {
    expect(fitWidths([column(50, 100, 100, 0), column(50, 300, 300, 0)], 800)).toEqual([200, 600]);
  });

  it('wraps the headers of the columns that want the most before cutting any cell', () => {
    // Cells need 100 + 100 + 150; one-line headers would want 180 and 160.
    const widths = fitWidths([column(60, 100, 180), column(60, 100, 160), column(60, 150)], 400);
    expect(total(widths)).toBe(400);
    expect(widths[2]).toBe(150);
    expect(widths[0]).toBeGreaterThanOrEqual(100);
    expect(widths[1]).toBeGreaterThanOrEqual(100);
    expect(widths[0]).toBe(widths[1]);
  });

  it('cuts the columns with the longest texts first, keeping short ones whole, never below a minimum', () => {
    // A subject (needs 300), a date (165), a name (140) and an action (min 170).
    const columns = [column(100, 300), column(110, 165), column(100, 140), column(170, 170)];
    expect(fitWidths(columns, 650)).toEqual([175, 165, 140, 170]);
    // Tighter: the date is cut too, to the subject's width.
    expect(fitWidths(columns, 600)).toEqual([145, 145, 140, 170]);
    // Tighter still: the three share alike; the action keeps its minimum.
    const tight = fitWidths(columns, 540);
    expect(tight[3]).toBe(170);
    expect(tight.slice(0, 3).every((width) => width === 123 || width === 124)).toBe(true);
    expect(total(tight)).toBe(540);
  });

  it('adds up to the grid width exactly, in whole pixels', () => {
    const widths = fitWidths([column(90, 101.4), column(90, 133.3), column(90, 250.8), column(90, 97.1)], 503);
    expect(widths.every(Number.isInteger)).toBe(true);
    expect(total(widths)).toBe(503);
  });

  it('keeps every column at its minimum when even those do not fit (the grid scrolls sideways)', () => {
    expect(fitWidths([column(180, 230), column(165, 165), column(100, 100)], 356)).toEqual([180, 165, 100]);
    expect(fitWidths([], 500)).toEqual([]);
  });
});
