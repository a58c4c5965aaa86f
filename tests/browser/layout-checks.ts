import type { Page } from '@playwright/test';

// Layout faults a screen can have at one width that neither sideways scroll nor axe finds: a word
// broken inside itself, text cut off by the box that holds it, and things drawn over each other.
// Each is measured in the page (one call, no layout change in between) and described in words.

export interface LayoutFaults {
  /** Words that run over two lines, broken between two letters ("Communi|ty Portal"). */
  brokenWords: string[];
  /** Text partly hidden by a box that clips it (overflow hidden or clip, an ellipsis, a line clamp) whose full text is nowhere else. */
  cutText: string[];
  /** Controls and runs of text drawn over each other. */
  overlapping: string[];
}

/**
 * The layout faults of the page once it is laid out for good: running transitions are waited for,
 * then for the boxes to stay where they are across a few frames (a grid fits its columns to its
 * rows a frame after they arrive, and on a busy machine its cells follow over several frames;
 * what is measured in between is a picture no one sees).
 */
export async function layoutFaults(page: Page): Promise<LayoutFaults> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
  await page.evaluate(untilStill);
  return page.evaluate(measure);
}

// Runs in the page: waits (at most 5 s) until every box has kept its place for three frames.
async function untilStill(): Promise<void> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const boxes = () => [...document.body.querySelectorAll('*')]
    .map((element) => { const box = element.getBoundingClientRect(); return `${box.left},${box.top},${box.width},${box.height}`; })
    .join(';');
  const until = performance.now() + 5000;
  let last = boxes();
  let still = 0;
  while (still < 3 && performance.now() < until) {
    await frame();
    const now = boxes();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

// Runs in the page: everything it uses is inside it.
function measure(): LayoutFaults {
  interface Box { left: number; top: number; right: number; bottom: number }
  interface Item { owner: Element; layer: Element; box: Box; what: string }
  const tolerance = 1;
  const brokenWords: string[] = [];
  const cutText: string[] = [];
  const overlapping: string[] = [];

  // Text no check looks into: not drawn as text, or typed, or code (which breaks anywhere on purpose).
  // `data-allow-break` marks text that may break anywhere (an identifier, a key shown to be copied).
  const skipped = 'script, style, noscript, template, textarea, input, select, option, code, pre, kbd, samp, svg, math, [data-allow-break]';
  const interactive = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"], [role="combobox"], [role="slider"]';

  const short = (text: string, length = 40) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
  };
  const name = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    if (element.id) return `${tag}#${element.id}`;
    const label = element.getAttribute('aria-label');
    if (label) return `${tag}[aria-label="${short(label, 30)}"]`;
    const className = typeof element.className === 'string' ? element.className.split(/\s+/).find((part) => part && !part.startsWith('css-')) : undefined;
    return className ? `${tag}.${className}` : tag;
  };
  const round = (box: Box) => `(${Math.round(box.left)}, ${Math.round(box.top)})`;

  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => {
    let found = styles.get(element);
    if (!found) { found = getComputedStyle(element); styles.set(element, found); }
    return found;
  };

  // Hidden from the eyes while in the page: display none, visibility hidden, opacity 0 (checkVisibility),
  // or visually hidden for screen readers alone (clipped to nothing, or a box of a pixel or less that clips).
  const clippedAway = new Map<Element, boolean>();
  const isClippedAway = (element: Element | null): boolean => {
    if (!element || element === document.body) return false;
    const known = clippedAway.get(element);
    if (known !== undefined) return known;
    const own = style(element);
    const box = element.getBoundingClientRect();
    const away = (own.clip !== 'auto' && own.clip !== '' && (own.position === 'absolute' || own.position === 'fixed'))
      || /inset\(\s*50%|circle\(\s*0/.test(own.clipPath)
      || ((box.width <= 1 || box.height <= 1) && own.overflow !== 'visible')
      || isClippedAway(element.parentElement);
    clippedAway.set(element, away);
    return away;
  };
  const unseen = (element: Element) => !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || isClippedAway(element);

  // Layers drawn over the page on purpose (fixed and sticky bars, dialogs, pop-overs) are left out of
  // the overlap check; elsewhere only what shares a layer (a stacking context made by a z-index, as
  // menus and tips drawn over the page have) is compared: a z-index says which is meant to lie on top.
  const layers = new Map<Element, Element | null>();
  const layerOf = (element: Element): Element | null => {
    if (layers.has(element)) return layers.get(element)!;
    const own = style(element);
    const role = element.getAttribute('role');
    let layer: Element | null;
    if (own.position === 'fixed' || own.position === 'sticky' || element.tagName === 'DIALOG' || role === 'dialog' || role === 'alertdialog'
      || element.hasAttribute('popover')) layer = null;
    else if (element === document.body || element === document.documentElement) layer = document.body;
    else {
      const parentLayer = element.parentElement ? layerOf(element.parentElement) : document.body;
      const parentDisplay = element.parentElement ? style(element.parentElement).display : '';
      const zIndexed = own.zIndex !== 'auto' && (own.position !== 'static' || /flex|grid/.test(parentDisplay));
      layer = parentLayer === null ? null : zIndexed ? element : parentLayer;
    }
    layers.set(element, layer);
    return layer;
  };

  // The part of the window an element can be seen in: its ancestors that scroll or clip cut it down.
  const views = new Map<Element, Box>();
  const window_: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
  const ownViews = new Map<Element, Box>();
  const ownView = (element: Element): Box => {
    const known = ownViews.get(element);
    if (known) return known;
    const own = style(element);
    const box = element.getBoundingClientRect();
    const left = box.left + element.clientLeft;
    const top = box.top + element.clientTop;
    const view = {
      left: own.overflowX === 'visible' ? -Infinity : left,
      right: own.overflowX === 'visible' ? Infinity : left + element.clientWidth,
      top: own.overflowY === 'visible' ? -Infinity : top,
      bottom: own.overflowY === 'visible' ? Infinity : top + element.clientHeight,
    };
    ownViews.set(element, view);
    return view;
  };
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
  });
  const viewOf = (element: Element): Box => {
    const parent = element.parentElement;
    if (!parent || parent === document.body || parent === document.documentElement) return window_;
    let found = views.get(element);
    if (!found) { found = intersect(viewOf(parent), ownView(parent)); views.set(element, found); }
    return found;
  };

  // Text cut: the box (an ancestor up to the first that scrolls, where the rest can be reached by
  // scrolling) that clips the text on an axis while part of it shows, or that has it wholly outside
  // though it lies where the box's content flows (a paragraph below the bottom of a box too low).
  // Text placed outside on purpose (positioned or moved away: a panel slid off) is not cut.
  const clipping = (value: string) => value === 'hidden' || value === 'clip';
  const scrolling = (value: string) => value === 'auto' || value === 'scroll';
  const cutBy = (element: Element, rects: DOMRect[]): Element | null => {
    let horizontal = true;
    let vertical = true;
    let inFlow = true;
    for (let box: Element | null = element; box && box !== document.body && (horizontal || vertical); box = box.parentElement) {
      const own = style(box);
      const clipsX = horizontal && clipping(own.overflowX);
      const clipsY = vertical && clipping(own.overflowY);
      if (clipsX || clipsY) {
        const view = ownView(box);
        const inside = rects.some((rect) => rect.right > view.left + tolerance && rect.left < view.right - tolerance
          && rect.bottom > view.top + tolerance && rect.top < view.bottom - tolerance);
        const outside = rects.some((rect) => (clipsX && (rect.left < view.left - tolerance || rect.right > view.right + tolerance))
          || (clipsY && (rect.top < view.top - tolerance || rect.bottom > view.bottom + tolerance)));
        if (outside && (inside || inFlow)) return box;
      }
      if (own.position === 'absolute' || own.position === 'fixed' || own.transform !== 'none' || own.float !== 'none') inFlow = false;
      if (scrolling(own.overflowX)) horizontal = false;
      if (scrolling(own.overflowY)) vertical = false;
    }
    return null;
  };
  // The full text is offered elsewhere: in a title or an accessible name of the text's element or of a
  // box around it up to the one that cuts it, or by a tip that shows cut text (`data-cut-text-tip`).
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const offered = (element: Element, cutter: Element, text: string) => {
    if (element.closest('[data-cut-text-tip]')) return true;
    for (let box: Element | null = element; box; box = box.parentElement) {
      for (const attribute of ['title', 'aria-label']) {
        const value = box.getAttribute(attribute);
        if (value && flat(value).includes(text)) return true;
      }
      if (box === cutter) break;
    }
    return false;
  };

  // Words may break where a line may: after a hyphen, a dash or a slash, at a soft hyphen or a
  // zero-width space. Strings that are not words and may be longer than any line, e-mail addresses,
  // web addresses, file names and the like (and anything over 30 characters), may break anywhere:
  // kept whole they would reach past their box on a phone.
  const pieces = /[^-‐–—/\u00AD\u200B]+[-‐–—/\u00AD\u200B]*/g;
  const unbreakable = (word: string) => word.length > 30 || /@|:\/\/|^www\.|\.[a-z0-9]{2,4}$|_/i.test(word);
  const lines = (rects: DOMRect[]) => {
    let count = 0;
    let last: DOMRect | undefined;
    for (const rect of [...rects].sort((a, b) => a.top - b.top)) {
      if (!last || rect.top > last.top + last.height / 2) { count += 1; last = rect; }
    }
    return count;
  };
  const shown = (rects: DOMRectList) => [...rects].filter((rect) => rect.width > 0 && rect.height > 0);
  const range = document.createRange();
  const breakIn = (node: Text, start: number, end: number) => {
    for (let at = start + 1; at < end; at += 1) {
      range.setStart(node, start);
      range.setEnd(node, at + 1);
      if (lines(shown(range.getClientRects())) > 1) return at;
    }
    return end;
  };

  // A run of text or an inline box, cut to its line's height: glyph boxes of a tight line-height reach
  // into the lines above and below without anything being drawn over anything.
  const lineBox = (rect: DOMRect, element: Element): Box => {
    const own = style(element);
    const size = parseFloat(own.fontSize) || 16;
    const lineHeight = own.lineHeight === 'normal' ? size * 1.2 : parseFloat(own.lineHeight) || size * 1.2;
    const trim = Math.max(0, (rect.height - lineHeight) / 2);
    return { left: rect.left, right: rect.right, top: rect.top + trim, bottom: rect.bottom - trim };
  };

  const items: Item[] = [];
  // (text is also cut by the box of its own element; a control's box is not)
  const addItem = (owner: Element, box: Box, what: string, content = false) => {
    const layer = layerOf(owner);
    if (!layer) return;
    const seen = intersect(intersect(box, viewOf(owner)), content ? ownView(owner) : window_);
    if (seen.right - seen.left <= tolerance || seen.bottom - seen.top <= tolerance) return;
    items.push({ owner, layer, box: seen, what });
  };

  // Text: every run of visible text.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const element = node.parentElement;
    if (!element || !/\S/.test(node.data) || element.closest(skipped) || unseen(element)) continue;
    range.selectNodeContents(node);
    const rects = shown(range.getClientRects());
    if (rects.length === 0) continue;
    const text = flat(node.data);

    if (lines(rects) > 1) {
      for (const word of node.data.matchAll(/\S+/g)) {
        if (unbreakable(word[0])) continue;
        for (const piece of word[0].matchAll(pieces)) {
          const start = word.index + piece.index;
          const end = start + piece[0].replace(/[-‐–—/\u00AD\u200B]+$/, '').length;
          if (end - start < 2) continue;
          range.setStart(node, start);
          range.setEnd(node, end);
          if (lines(shown(range.getClientRects())) < 2) continue;
          const at = breakIn(node, start, end);
          brokenWords.push(`"${node.data.slice(start, at)}|${node.data.slice(at, end)}" in ${name(element)} "${short(text)}" at ${round(rects[0])}`);
        }
      }
    }

    const cutter = cutBy(element, rects);
    if (cutter && !offered(element, cutter, text)) {
      cutText.push(`"${short(text)}" in ${name(element)}, cut by ${name(cutter)} at ${round(ownView(cutter))}`);
    }

    if (!element.closest(interactive)) {
      for (const rect of rects) addItem(element, lineBox(rect, element), `text "${short(text, 30)}" in ${name(element)}`, true);
    }
  }

  // Controls: the innermost (a link in a list's row, not the row), each line of an inline one.
  for (const element of document.body.querySelectorAll(interactive)) {
    if (element.querySelector(interactive) || unseen(element)) continue;
    const inline = style(element).display === 'inline';
    const label = short(element.getAttribute('aria-label') || (element as HTMLElement).innerText || element.getAttribute('title') || '', 30);
    for (const rect of shown(element.getClientRects())) {
      addItem(element, inline ? lineBox(rect, element) : rect, `${name(element)} "${label}"`);
    }
  }

  // Any two in one layer whose boxes share more than a pixel each way. Neither can hold the other: a
  // control holds no other (only the innermost are taken) and no text is taken from inside a control,
  // while text runs are compared line by line, not by the boxes of their elements (a paragraph's
  // box holds its link, but the link's words lie beside the paragraph's own, not over them).
  items.sort((a, b) => a.box.top - b.box.top);
  const reported = new Set<string>();
  for (const [index, first] of items.entries()) {
    for (let next = index + 1; next < items.length; next += 1) {
      const second = items[next];
      if (second.box.top >= first.box.bottom - tolerance) break;
      if (first.layer !== second.layer || first.owner === second.owner) continue;
      const across = Math.min(first.box.right, second.box.right) - Math.max(first.box.left, second.box.left);
      const down = Math.min(first.box.bottom, second.box.bottom) - Math.max(first.box.top, second.box.top);
      if (across <= tolerance || down <= tolerance) continue;
      const message = `${first.what} and ${second.what} overlap by ${Math.round(across)}×${Math.round(down)} px at ${round(intersect(first.box, second.box))}`;
      const key = `${first.what}|${second.what}`;
      if (!reported.has(key)) { reported.add(key); overlapping.push(message); }
    }
  }
  return { brokenWords, cutText, overlapping };
}
