// Each theme must define the tokens the engine's widgets rely on.
import { isObject, type CheckContext } from './context.ts';

const BRAND_STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'];
const SEMANTIC_BRAND = ['solid', 'contrast', 'fg', 'muted', 'subtle', 'emphasized', 'focusRing'];

export const REQUIRED_THEME_TOKENS: string[][] = [
  ...BRAND_STEPS.map((s) => ['tokens', 'colors', 'brand', s]),
  ['tokens', 'fonts', 'heading'],
  ['tokens', 'fonts', 'body'],
  ['tokens', 'radii', 'l2'],
  ...SEMANTIC_BRAND.map((s) => ['semanticTokens', 'colors', 'brand', s]),
];

export function checkThemes(ctx: CheckContext): void {
  const themes = Object.values(ctx.project.themes);
  for (const doc of themes) {
    if (!isObject(doc.data)) continue;
    if (typeof doc.data.name !== 'string' || doc.data.name === '') ctx.report(doc, [], 'missing required property "name"');
    for (const path of REQUIRED_THEME_TOKENS) {
      let node: unknown = doc.data;
      let depth = 0;
      for (const seg of path) {
        if (!isObject(node) || !(seg in node)) break;
        node = node[seg];
        depth++;
      }
      if (depth < path.length) ctx.report(doc, path.slice(0, depth), `missing required token ${path.join('.')}`);
      else if (!isObject(node) || node.value === undefined) ctx.report(doc, path, `token ${path.join('.')} needs a "value"`);
    }
  }
  const names = themes.map((d) => (isObject(d.data) ? d.data.name : undefined));
  if (themes.length > 0 && !names.includes('Default')) {
    ctx.problems.push({ file: 'themes/', path: '', message: 'no theme is named "Default"' });
  }
}
