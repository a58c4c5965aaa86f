// Where a build keeps the pages it rendered ahead of time (scripts/prerender.ts writes them, the
// server sends each for its own path instead of the bare index.html).

export const PRERENDERED_DIR = 'prerendered';

/** `/public/paynow` → `prerendered/public/paynow.html`; `/` → `prerendered/index.html`. */
export function prerenderedFile(path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return `${PRERENDERED_DIR}/${clean || 'index'}.html`;
}
