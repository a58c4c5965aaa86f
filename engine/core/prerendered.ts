// Where a build keeps the pages it rendered ahead of time (scripts/prerender.ts writes them, the
// server sends each for its own path instead of the bare index.html).

export const PRERENDERED_DIR = 'prerendered';

/** On the root element of a page rendered ahead of time: the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Instead of it on a page rendered as its frame (routes.yaml `prerender: frame`), with the path: what
 * a stored session shows while it loads, with no user's data. Shown until the portal's first render
 * replaces it; never adopted, nor its code's fetch put off (engine/react/first-paint.ts).
 */
export const PRERENDERED_FRAME_ATTRIBUTE = 'data-prerendered-frame';

/** Beside it: the lazily loaded chunks the page was rendered with, `kind:id` space-separated. */
export const PRERENDERED_CHUNKS_ATTRIBUTE = 'data-prerendered-chunks';

/** `/public/paynow` → `prerendered/public/paynow.html`; `/` → `prerendered/index.html`. */
export function prerenderedFile(path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `${PRERENDERED_DIR}/${clean || 'index'}.html`;
}
