// The icons a configuration names: the `icon` prop of any widget node and the values of its `icons`
// map, at any depth. Both the build (which bundles only these: engine/build/icons-plugin.ts) and
// `npm run check` (which rejects a name lucide does not have) read them this way.
import dynamicIconImports from 'lucide-react/dynamicIconImports';

/** Every `icon` name written on a widget node of the document, with where it is. */
export function iconsIn(doc: unknown, path: (string | number)[] = [], found: { name: string; path: (string | number)[] }[] = []) {
  if (Array.isArray(doc)) doc.forEach((item, index) => iconsIn(item, [...path, index], found));
  else if (doc && typeof doc === 'object') {
    const node = doc as Record<string, unknown>;
    if (typeof node.widget === 'string' && typeof node.icon === 'string') found.push({ name: node.icon, path: [...path, 'icon'] });
    // An icon chosen by a value (the `icon` widget's `icons: { pdf: file-text }`).
    if (typeof node.widget === 'string' && node.icons && typeof node.icons === 'object' && !Array.isArray(node.icons)) {
      for (const [key, name] of Object.entries(node.icons)) if (typeof name === 'string') found.push({ name, path: [...path, 'icons', key] });
    }
    for (const [key, value] of Object.entries(node)) iconsIn(value, [...path, key], found);
  }
  return found;
}

/** lucide's icon names (`file-text`), read from its index of lazily imported icons (no icon is loaded). */
export const LUCIDE_ICON_NAMES: ReadonlySet<string> = new Set(Object.keys(dynamicIconImports));
