// Every `icon:` of a widget node names one of lucide's icons: a misspelt name is reported with its
// line here, rather than the build leaving the icon out.
import { iconsIn, LUCIDE_ICON_NAMES } from '../icons-used.ts';
import type { CheckContext } from './context.ts';

export function checkIcons(ctx: CheckContext): void {
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    for (const { name, path } of iconsIn(doc.data)) {
      if (!LUCIDE_ICON_NAMES.has(name)) ctx.report(doc, path, `icon "${name}" is not a lucide icon name (see https://lucide.dev/icons, e.g. "file-text")`);
    }
  }
}
