import type { Plugin } from 'vite';

// A page rendered ahead of time carries its Emotion styles as <style> elements at the end of its
// <head>, in the order the page was painted with. Taking them over, Emotion moves every one of them:
// its cache appends each to the <head> it is already in, and each sheet inserts each again before the
// next (a Global's before the component styles). Moving a <style> element removes its style sheet and
// adds it back, so the browser works out the style of the whole page once more (a 25–55 ms task on a
// desktop's Chromium, after the first paint, on every page rendered ahead of time). Left where they
// are, the styles apply in the order the first paint used, and nothing is worked out again. A style
// element Emotion makes itself is not in the page yet and is inserted as before.
const CACHE = /[\\/]node_modules[\\/]@emotion[\\/]cache[\\/]dist[\\/]emotion-cache\.browser\.esm\.js$/;
const SHEET = /[\\/]node_modules[\\/]@emotion[\\/]sheet[\\/]dist[\\/]emotion-sheet\.esm\.js$/;

const CACHE_MOVE = "      document.head.appendChild(node);\n      node.setAttribute('data-s', '');";
const CACHE_IN_PLACE = "      if (node.parentNode !== document.head) document.head.appendChild(node);\n      node.setAttribute('data-s', '');";

const SHEET_INSERT = '      _this.container.insertBefore(tag, before);\n';
// Node.DOCUMENT_POSITION_FOLLOWING (4): `before` comes after the element already.
const SHEET_IN_PLACE = '      if (!(tag.parentNode === _this.container && (before == null || (tag.compareDocumentPosition(before) & 4)))) _this.container.insertBefore(tag, before);\n';

function replaceOnce(code: string, id: string, from: string, to: string): string {
  const at = code.indexOf(from);
  // An Emotion that takes styles over otherwise fails the build here rather than moving them unseen.
  if (at < 0 || code.indexOf(from, at + 1) >= 0) throw new Error(`${id}: Emotion no longer takes server-rendered styles over as engine/build/styles-in-place-plugin.ts expects`);
  return code.slice(0, at) + to + code.slice(at + from.length);
}

/** Leaves the <style> elements of a page rendered ahead of time where they are when Emotion takes them over. */
export function stylesInPlacePlugin(): Plugin {
  return {
    name: 'engine-styles-in-place',
    apply: 'build',
    transform(code, id) {
      if (CACHE.test(id)) return { code: replaceOnce(code, id, CACHE_MOVE, CACHE_IN_PLACE), map: null };
      if (SHEET.test(id)) return { code: replaceOnce(code, id, SHEET_INSERT, SHEET_IN_PLACE), map: null };
      return null;
    },
  };
}
