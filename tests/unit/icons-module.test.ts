// The build's icon module holds the icons the screens name, and only those.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconsModule, screenIconNames } from '../../engine/build/icons-plugin.ts';
import { iconsIn } from '../../engine/core/icons-used.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

describe('the icon module', () => {
  it("finds every widget node's icon at any depth, and nothing that is not a node's", () => {
    const doc = { widget: 'stack', icon: 'house', children: [{ widget: 'card', icon: 'mail', children: [{ widget: 'empty-state', icon: 'inbox' }] }], data: { icon: 'not-a-node' } };
    expect(iconsIn(doc).map(({ name, path: at }) => `${at.join('.')}=${name}`)).toEqual(['icon=house', 'children.0.icon=mail', 'children.0.children.0.icon=inbox']);
  });

  it('finds the icons a node chooses from by a value (`icons`)', () => {
    const doc = { widget: 'icon', icon: 'file', value: '$item.kind', icons: { pdf: 'file-text', image: 'file-image' } };
    expect(iconsIn(doc).map(({ name, path: at }) => `${at.join('.')}=${name}`)).toEqual(['icon=file', 'icons.pdf=file-text', 'icons.image=file-image']);
    expect(screenIconNames(repoRoot)).toEqual(expect.arrayContaining(['file-text', 'file-image', 'file-spreadsheet', 'file-pen-line', 'folder']));
  });

  it("imports each of the project's icons from its own module, and no other", () => {
    const names = screenIconNames(repoRoot);
    expect(names).toContain('wallet');
    expect(names).toEqual([...names].sort());
    const source = iconsModule(names);
    expect(source.match(/^import /gm)).toHaveLength(names.length);
    expect(source).toContain("from 'lucide-react/icons/wallet'");
    expect(source).not.toMatch(/from 'lucide-react'/);
  });

  it('leaves out a name lucide does not have (npm run check reports it)', () => {
    expect(iconsModule(['wallet'])).toBe("import icon0 from 'lucide-react/icons/wallet';\nexport default { \"wallet\": icon0 };\n");
  });
});
