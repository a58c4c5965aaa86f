// Every icon a widget node names (a prop its props schema gives `$ref: icon`) is one of lucide's
// icons: a misspelt name is reported with its line here, rather than the build leaving the icon out.
import { iconsIn, widgetIconProps } from '../icons-used.ts';
import { LUCIDE_ICON_NAMES } from '../lucide-names.ts';
import type { CheckContext } from './context.ts';

export function checkIcons(ctx: CheckContext): void {
  const iconProps = widgetIconProps(ctx.names.widgetProps);
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    for (const { name, path } of iconsIn(doc.data, iconProps)) {
      if (!LUCIDE_ICON_NAMES.has(name)) ctx.report(doc, path, `icon "${name}" is not a lucide icon name (see https://lucide.dev/icons, e.g. "file-text")`);
    }
  }
}
