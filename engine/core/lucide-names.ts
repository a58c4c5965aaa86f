// lucide's icon names, for the build and `npm run check` (never the browser: the index is long).
import dynamicIconImports from 'lucide-react/dynamicIconImports';

/** lucide's icon names (`file-text`), read from its index of lazily imported icons (no icon is loaded). */
export const LUCIDE_ICON_NAMES: ReadonlySet<string> = new Set(Object.keys(dynamicIconImports));
