// Renders the pages routes.yaml marks `prerender` (`true`: a first visit's view; `frame`: the frame a
// stored session shows while it loads) to HTML inside a built portal: a Node build of
// prerender-entry.ts (the same engine and configuration as the browser's), run once per page.
// Each page is written as <outDir>/prerendered/<path>.html from the build's index.html, with the
// page's markup in the root element and its styles in the head; server/web.ts serves it for its path.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_CHUNKS_ATTRIBUTE, PRERENDERED_FRAME_ATTRIBUTE, prerenderedFile } from '../engine/core/prerendered.ts';
import { EARLY_LOOK_FILE } from '../engine/core/early-look.ts';
import { THEME_STYLES_ID } from '../engine/core/themed-page.ts';
import { APART_CHUNK_FILE } from '../engine/build/apart.ts';

interface PrerenderEntry {
  prerenderPaths(): { path: string; frame: boolean; gated: boolean }[];
  render(path: string, frame: boolean): Promise<{ html: string; styles: { name: string; global: boolean; rules: string }[]; title: string; chunks: string[]; frame: boolean }>;
  earlyLook(): EarlyLook | null;
}

/** A frame's head: the script showing the session's stored look before the first paint, and the themes' rules it needs. */
export interface EarlyLook { script: string; themeStyles: string }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

export function pageFromTemplate(template: string, path: string, page: Awaited<ReturnType<PrerenderEntry['render']>>, early: EarlyLook | null = null, apartChunk: string | null = null): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  // Style elements named as Emotion names the ones it writes, so that the browser adopts them:
  // globals first, each on its own (replaced when the theme changes), then the class rules.
  const safe = (css: string) => css.replace(/<\/style/gi, '<\\/style');
  const globals = page.styles.filter((style) => style.global)
    .map((style) => `<style data-emotion="css-global ${style.name}">${safe(style.rules)}</style>`);
  const classes = page.styles.filter((style) => !style.global);
  // A frame is marked apart: the browser neither adopts it nor waits for anything before replacing
  // it (engine/react/boot.tsx), and the chunks it was rendered with are no concern of its.
  const marks = page.frame
    ? `${PRERENDERED_FRAME_ATTRIBUTE}="${escapeHtml(path)}"`
    : `${PRERENDERED_ATTRIBUTE}="${escapeHtml(path)}" ${PRERENDERED_CHUNKS_ATTRIBUTE}="${escapeHtml(page.chunks.join(' '))}"`;
  const style = `${globals.join('')}<style data-emotion="css ${classes.map((c) => c.name).join(' ')}">${safe(classes.map((c) => c.rules).join(''))}</style>`;
  // A frame is everyone's: it paints in the look its session last stored (engine/core/early-look.ts),
  // the themes' rules with it, so that the first paint is not the default look.
  if (early && /<\/script/i.test(early.script)) throw new Error('prerender: the early look script may not hold "</script"');
  const look = page.frame && early
    ? `${early.themeStyles ? `<style id="${THEME_STYLES_ID}">${safe(early.themeStyles)}</style>` : ''}<script>${early.script}</script>`
    : '';
  // A gated route's frame fetches the table of its area's chunks beside the portal's code
  // (engine/build/apart.ts): its screen is listed there.
  const apart = page.frame && apartChunk ? `<link fetchpriority="low" rel="modulepreload" crossorigin href="${escapeHtml(apartChunk)}">` : '';
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${apart}${style}${look}</head>`)
    // The portal's code is fetched once the page is painted (engine/react/first-paint.ts): hints
    // that would fetch it alongside the page's first paint are left out. A frame shows nothing of
    // the page until the code has run: it keeps them at low priority, so that the code is on its way
    // at once without coming before what the first paint needs (the document, its styles).
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, (hint) => (page.frame ? hint.replace('<link ', '<link fetchpriority="low" ') : ''))
    .replace(root, `<div id="root" ${marks}>${page.html}</div>`);
}

export async function prerenderPortal(options: { root: string; outDir: string; quiet?: boolean }): Promise<string[]> {
  const ssrDir = join(options.root, '.tmp', `prerender-${process.pid}`);
  try {
    await build({
      root: options.root,
      configFile: join(options.root, 'vite.config.ts'),
      logLevel: options.quiet ? 'warn' : 'info',
      build: { ssr: join(options.root, 'prerender-entry.ts'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    });
    const entry = await import(pathToFileURL(join(ssrDir, 'prerender-entry.js')).href) as PrerenderEntry;
    const template = readFileSync(join(options.outDir, 'index.html'), 'utf8');
    const pages = entry.prerenderPaths();
    const early = entry.earlyLook();
    // The server allows the inline script by its hash, read from this file (server/app.ts).
    rmSync(join(options.outDir, EARLY_LOOK_FILE), { force: true });
    if (early && pages.some((page) => page.frame)) writeFileSync(join(options.outDir, EARLY_LOOK_FILE), early.script);
    const apartFile = join(options.outDir, APART_CHUNK_FILE);
    const apartChunk = existsSync(apartFile) ? readFileSync(apartFile, 'utf8') : null;
    for (const { path, frame, gated } of pages) {
      const page = await entry.render(path, frame);
      const file = join(options.outDir, prerenderedFile(path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, pageFromTemplate(template, path, page, early, gated ? apartChunk : null));
    }
    return pages.map(({ path, frame }) => (frame ? `${path} (frame)` : path));
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
