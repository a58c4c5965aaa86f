import { announce } from './announcer.tsx';

// Where focus goes when what it was on goes away: a flow's new step, a new page, the result of an
// action. Focus never falls to the page's body: a keyboard user would have to start again from the
// top, and a screen reader would say nothing of what changed.

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/** Seen and reachable: in the page, not hidden, not inert. */
export function isShown(element: Element): boolean {
  return element.isConnected && !element.closest('[inert], [hidden], [aria-hidden="true"]') && element.getClientRects().length > 0;
}

/** Nothing has focus: it fell to the page's body (what had it was removed, disabled or made inert). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}

/** Can take focus again as it is now. */
export function canRefocus(element: HTMLElement): boolean {
  return isShown(element) && !(element as HTMLButtonElement).disabled;
}

function first(root: ParentNode, selector: string, unless: Set<string> = new Set()): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find((element) => isShown(element) && !unless.has(headingKey(element)));
}

function headingKey(heading: Element): string {
  return `${heading.tagName}:${(heading.textContent ?? '').trim()}`;
}

/** The main headings (h1, h2) shown in `root` now, to tell those a new view shares from its own. */
export function mainHeadingsOf(root: ParentNode): Set<string> {
  return new Set([...root.querySelectorAll<HTMLElement>('h1, h2')].filter(isShown).map(headingKey));
}

/**
 * What new content is introduced by: its first main heading (h1, h2) that was not there before it
 * (`before`: a page heading every view repeats introduces none of them), else its confirmation or
 * message (an alert or status), else its first heading of any level.
 */
export function introOf(root: ParentNode, before: Set<string> = new Set()): HTMLElement | undefined {
  return first(root, 'h1, h2', before) ?? first(root, '[role="alert"], [role="status"]:not([data-busy]):not(#page-announcer)') ?? first(root, HEADINGS);
}

/**
 * The headings of the sections `element` is in, nearest first: the nearest heading before it, then
 * each heading before that of a higher level (h3, then its h2, then the h1), not the headings of
 * sibling sections (the rows of a list before it).
 */
export function sectionHeadingsOf(element: Element, root: ParentNode): HTMLElement[] {
  const before = [...root.querySelectorAll<HTMLElement>(HEADINGS)]
    .filter((heading) => heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)
    .reverse();
  const chain: HTMLElement[] = [];
  let level = 7;
  for (const heading of before) {
    const own = Number(heading.tagName.slice(1));
    if (own < level) { chain.push(heading); level = own; }
  }
  return chain;
}

/** Moves focus to `target` (a heading or a message, made focusable by script only) and names it. */
export function focusAndAnnounce(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
  announce(target.textContent ?? '');
}

/**
 * Calls `found` with what `find` finds under `root`, now or once it appears (content still loading);
 * returns the way to stop looking.
 */
export function whenPresent<T>(root: Node, find: () => T | undefined, found: (value: T) => void): () => void {
  const now = find();
  if (now !== undefined) { found(now); return () => {}; }
  const observer = new MutationObserver(() => {
    const value = find();
    if (value === undefined) return;
    observer.disconnect();
    found(value);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'inert', 'aria-hidden'] });
  return () => observer.disconnect();
}
