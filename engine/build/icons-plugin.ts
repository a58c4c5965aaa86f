// virtual:engine-icons: the lucide icons the screens name (`icon: file-text`), and only those, each
// imported from its own module so that the bundle holds no other. Only the lazily loaded widgets that
// show icons import it. A name lucide does not have is left out here and reported by `npm run check`.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { readConfigData } from '../core/config/read-config.ts';
import { iconsIn, LUCIDE_ICON_NAMES } from '../core/icons-used.ts';

const ID = 'virtual:engine-icons';

/** The icon names of every screen (fragments expanded, as the screens are built). */
export function screenIconNames(root: string): string[] {
  const dir = join(root, 'schemas', 'screens');
  const names = new Set<string>();
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort() : []) {
    for (const { name } of iconsIn(readConfigData(root, join(dir, file)).data)) names.add(name);
  }
  return [...names].filter((name) => LUCIDE_ICON_NAMES.has(name)).sort();
}

export function iconsModule(names: string[]): string {
  const imports = names.map((name, i) => `import icon${i} from 'lucide-react/icons/${name}';`);
  return `${imports.join('\n')}\nexport default { ${names.map((name, i) => `${JSON.stringify(name)}: icon${i}`).join(', ')} };\n`;
}

export function iconsPlugin({ root }: { root: string }): Plugin {
  return {
    name: 'engine-icons',
    resolveId: (id) => (id === ID ? `\0${id}` : null),
    load: (id) => (id === `\0${ID}` ? iconsModule(screenIconNames(root)) : null),
    // Development mode: a screen or fragment saved may name another icon.
    hotUpdate({ file, modules }) {
      const [top, folder] = relative(root, file).split(sep);
      if (this.environment.name !== 'client' || top !== 'schemas' || !['screens', 'fragments'].includes(folder)) return;
      const own = this.environment.moduleGraph.getModuleById(`\0${ID}`);
      if (!own) return;
      this.environment.moduleGraph.invalidateModule(own);
      return [...modules, own];
    },
  };
}
