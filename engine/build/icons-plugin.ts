// virtual:engine-icons: the lucide icons the screens name (`icon: file-text`), and only those, each
// imported from its own module so that the bundle holds no other. The browser loads it only for a
// screen that names an icon (engine/react/widgets/icons.tsx). A name lucide does not have is left
// out here and reported by `npm run check`.
// virtual:engine-icon-props: which props of which widgets name icons (read from the widgets' props
// schemas: `$ref: icon`), so that the browser can tell from a screen's configuration whether it
// needs the icons, without loading them.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import type * as CheckModule from '../cli/check.ts';
import { readConfigData } from '../core/config/read-config.ts';
import { iconsIn, type WidgetIconProps } from '../core/icons-used.ts';
import { LUCIDE_ICON_NAMES } from '../core/lucide-names.ts';

const ICONS = 'virtual:engine-icons';
const PROPS = 'virtual:engine-icon-props';

/** The props that name icons, by widget, from the props schemas of the engine's and the product's widgets. */
export async function projectIconProps(root: string): Promise<WidgetIconProps> {
  // Loaded at run time, as engine/build/check-plugin.ts does: the product's modules are not part of the build's configuration.
  const checkModule = new URL('../cli/check.ts', import.meta.url).href;
  const { loadWidgetIconProps } = (await import(/* @vite-ignore */ checkModule)) as typeof CheckModule;
  return loadWidgetIconProps(root);
}

/** The icon names of every screen (fragments expanded, as the screens are built). */
export function screenIconNames(root: string, iconProps: WidgetIconProps): string[] {
  const dir = join(root, 'schemas', 'screens');
  const names = new Set<string>();
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort() : []) {
    for (const { name } of iconsIn(readConfigData(root, join(dir, file)).data, iconProps)) names.add(name);
  }
  return [...names].filter((name) => LUCIDE_ICON_NAMES.has(name)).sort();
}

export function iconsModule(names: string[]): string {
  const imports = names.map((name, i) => `import icon${i} from 'lucide-react/icons/${name}';`);
  return `${imports.join('\n')}\nexport default { ${names.map((name, i) => `${JSON.stringify(name)}: icon${i}`).join(', ')} };\n`;
}

export function iconPropsModule(iconProps: WidgetIconProps): string {
  return `export const iconProps = ${JSON.stringify(iconProps)};\n`;
}

export function iconsPlugin({ root }: { root: string }): Plugin {
  // The props schemas do not change while the build or the development server runs.
  let iconProps: Promise<WidgetIconProps> | undefined;
  const propsOnce = () => (iconProps ??= projectIconProps(root));
  return {
    name: 'engine-icons',
    // The development server prepares the icons' modules with the other dependencies as it starts.
    // Found only when a page first loads the icons, they were prepared again then, and the server
    // answered that page's and any other open page's requests for the dependencies prepared before
    // as outdated: a page loading meanwhile failed to start.
    async config(_config, { command }) {
      if (command !== 'serve') return;
      return { optimizeDeps: { include: screenIconNames(root, await propsOnce()).map((name) => `lucide-react/icons/${name}`) } };
    },
    resolveId: (id) => (id === ICONS || id === PROPS ? `\0${id}` : null),
    async load(id) {
      if (id === `\0${ICONS}`) return iconsModule(screenIconNames(root, await propsOnce()));
      if (id === `\0${PROPS}`) return iconPropsModule(await propsOnce());
      return null;
    },
    // Development mode: a screen or fragment saved may name another icon.
    hotUpdate({ file, modules }) {
      const [top, folder] = relative(root, file).split(sep);
      if (this.environment.name !== 'client' || top !== 'schemas' || !['screens', 'fragments'].includes(folder)) return;
      const own = [ICONS, PROPS].map((id) => this.environment.moduleGraph.getModuleById(`\0${id}`)).filter((module) => module !== undefined);
      if (own.length === 0) return;
      for (const module of own) this.environment.moduleGraph.invalidateModule(module);
      return [...modules, ...own];
    },
  };
}
