// The height a host gives its frame so that the page needs no scroll bar of its own: the content's,
// measured again after anything changes size, at most once a frame, and told only when it changed.

export interface HeightWindow {
  document: Document;
  ResizeObserver: typeof ResizeObserver;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  getComputedStyle(element: Element): CSSStyleDeclaration;
}

/**
 * The body's own height with its margins, not the document's scroll height: that one is never less
 * than the frame itself, and a frame sized to it could grow but never shrink back.
 */
export function contentHeight(win: Pick<HeightWindow, 'document' | 'getComputedStyle'>): number {
  const body = win.document.body;
  if (!body) return 0;
  const style = win.getComputedStyle(body);
  const margins = (Number.parseFloat(style.marginTop) || 0) + (Number.parseFloat(style.marginBottom) || 0);
  return Math.max(0, Math.ceil(body.scrollHeight + margins));
}

/** Calls `onHeight` with the height at once and after each change; the function returned stops. */
export function watchContentHeight(win: HeightWindow, onHeight: (height: number) => void, measure: () => number = () => contentHeight(win)): () => void {
  let last = -1;
  let frame = 0;
  const report = () => {
    frame = 0;
    const height = Math.max(0, Math.ceil(measure()));
    if (height === last) return;
    last = height;
    onHeight(height);
  };
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(report);
  };
  // Every browser the page supports has it; elsewhere the first height is all the host gets.
  const observer = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(schedule) : null;
  observer?.observe(win.document.documentElement);
  if (win.document.body) observer?.observe(win.document.body);
  report();
  return () => {
    observer?.disconnect();
    if (frame) win.cancelAnimationFrame(frame);
    frame = 0;
  };
}
