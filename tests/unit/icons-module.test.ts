// The build's icon module holds the icons the screens name, and only those; which props name an
// icon is read from the widgets' props schemas.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { iconPropsModule, iconsModule, projectIconProps, screenIconNames } from '../../engine/build/icons-plugin.ts';
import { iconPropsOf, iconsIn, type WidgetIconProps } from '../../engine/core/icons-used.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const iconProps: WidgetIconProps = { stack: { icon: 'one' }, card: { icon: 'one' }, 'empty-state': { icon: 'one' }, icon: { icon: 'one', icons: 'each' } };

describe('the props that name icons', () => {
  it('are those its props schema gives `$ref: icon`, one name or one per entry of a map or a list', () => {
    expect(iconPropsOf({
      properties: {
        icon: { $ref: 'icon', description: 'x' }, icons: { type: 'object', additionalProperties: { $ref: 'icon' } },
        marks: { type: 'array', items: { $ref: 'icon' } }, title: { $ref: 'message' }, children: { type: 'array', items: { $ref: 'node' } },
      },
    })).toEqual({ icon: 'one', icons: 'each', marks: 'each' });
  });

  let project: WidgetIconProps;
  beforeAll(async () => { project = await projectIconProps(repoRoot); });

  it("are found in every widget's schema, the engine's and the product's", () => {
    expect(project).toMatchObject({ card: { icon: 'one' }, 'page-header': { icon: 'one' }, 'empty-state': { icon: 'one' }, icon: { icon: 'one', icons: 'each' } });
    expect(project.heading).toBeUndefined();
  });

  it('are what the icon module is made from', () => {
    const names = screenIconNames(repoRoot, project);
    expect(names).toEqual(expect.arrayContaining(['wallet', 'file-text', 'file-image', 'file-spreadsheet', 'file-pen-line', 'folder']));
    expect(iconPropsModule(project)).toBe(`export const iconProps = ${JSON.stringify(project)};\n`);
  });
});

describe('the icon module', () => {
  it("finds every widget node's icon at any depth, and nothing that is not a node's", () => {
    const doc = { widget: 'stack', icon: 'house', children: [{ widget: 'card', icon: 'mail', children: [{ widget: 'empty-state', icon: 'inbox' }] }], data: { icon: 'not-a-node' } };
    expect(iconsIn(doc, iconProps).map(({ name, path: at }) => `${at.join('.')}=${name}`)).toEqual(['icon=house', 'children.0.icon=mail', 'children.0.children.0.icon=inbox']);
  });

  it('finds only the props that name icons', () => {
    expect(iconsIn({ widget: 'heading', icon: 'house', text: 'x' }, iconProps)).toEqual([]);
  });

  it('finds the icons a node chooses from by a value (`icons`)', () => {
    const doc = { widget: 'icon', icon: 'file', value: '$item.kind', icons: { pdf: 'file-text', image: 'file-image' } };
    expect(iconsIn(doc, iconProps).map(({ name, path: at }) => `${at.join('.')}=${name}`)).toEqual(['icon=file', 'icons.pdf=file-text', 'icons.image=file-image']);
  });

  it("imports each of the project's icons from its own module, and no other", () => {
    const names = screenIconNames(repoRoot, iconProps);
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
