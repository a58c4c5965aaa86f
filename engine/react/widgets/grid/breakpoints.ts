// Which grid columns a screen of a given width shows: a column with `showFrom: <breakpoint>` appears
// from that breakpoint of app.yaml's `breakpoints` up, so small screens keep the columns that matter.
import { useEffect, useState } from 'react';
import type { GridColumnDoc } from './types.ts';

/** Pixels of a breakpoint value such as "900px" (unknown or missing: 0, always shown). */
export function breakpointPixels(breakpoints: Record<string, string> | undefined, name: string | undefined): number {
  if (!name) return 0;
  const value = breakpoints?.[name];
  const pixels = value ? Number.parseFloat(value) : Number.NaN;
  if (Number.isNaN(pixels)) throw new Error(`Unknown breakpoint "${name}"`);
  return pixels;
}

/** Whether a column is shown on a screen `width` pixels wide (until the user chooses otherwise). */
export function columnShown(column: GridColumnDoc, width: number, breakpoints: Record<string, string> | undefined): boolean {
  if (column.hidden || column.optional) return false;
  return width >= breakpointPixels(breakpoints, column.showFrom);
}

/** The highest breakpoint (its pixel value) a window `width` pixels wide reaches; 0 below all. */
export function reachedBreakpoint(breakpoints: Record<string, string> | undefined, width: number): number {
  return Math.max(0, ...Object.values(breakpoints ?? {}).map((v) => Number.parseFloat(v)).filter((px) => px <= width));
}

/** The highest breakpoint the window reaches, following resizes. */
export function useReachedBreakpoint(breakpoints: Record<string, string> | undefined): number {
  const windowWidth = () => (typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth);
  const [value, setValue] = useState(() => reachedBreakpoint(breakpoints, windowWidth()));
  useEffect(() => {
    const onResize = () => setValue(reachedBreakpoint(breakpoints, windowWidth()));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [breakpoints]);
  return value;
}
