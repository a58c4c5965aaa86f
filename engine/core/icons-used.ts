// The icons a configuration names. Which props of a widget name an icon is read from its props
// schema: a prop that is `$ref: icon` names one, a map or a list of `$ref: icon` names one per
// entry (the `icon` widget's `icons: { pdf: file-text }`). The build (which bundles only the icons
// named: engine/build/icons-plugin.ts), `npm run check` (which rejects a name lucide does not have)
// and the browser (which loads the icons only for a screen that names one: named-parts.ts) all read
// them this way. No icon and no list of lucide's names here: the browser imports this.
import type { JsonSchema } from './registry.ts';

/** The props of one widget that name icons: `one` (the prop is a name) or `each` (its entries are). */
export type IconProps = Record<string, 'one' | 'each'>;
/** The props that name icons, by widget; a widget with none is left out. */
export type WidgetIconProps = Record<string, IconProps>;

const isIconRef = (schema: unknown) => !!schema && typeof schema === 'object' && (schema as JsonSchema).$ref === 'icon';

/** The props of a widget's props schema that name icons. */
export function iconPropsOf(schema: JsonSchema): IconProps {
  const props: IconProps = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, prop] of Object.entries(properties)) {
    if (isIconRef(prop)) props[name] = 'one';
    else if (isIconRef(prop.additionalProperties) || isIconRef(prop.items)) props[name] = 'each';
  }
  return props;
}

/** The props that name icons of every widget whose props schema has any. */
export function widgetIconProps(widgetProps: Readonly<Record<string, JsonSchema>>): WidgetIconProps {
  const found: WidgetIconProps = {};
  for (const [widget, schema] of Object.entries(widgetProps)) {
    const props = iconPropsOf(schema);
    if (Object.keys(props).length > 0) found[widget] = props;
  }
  return found;
}

/** The icon names a widget node itself names (not its children's), each with its prop's path. */
export function nodeIcons(node: Record<string, unknown>, iconProps: WidgetIconProps): { name: string; path: (string | number)[] }[] {
  const props = typeof node.widget === 'string' && Object.hasOwn(iconProps, node.widget) ? iconProps[node.widget] : undefined;
  const found: { name: string; path: (string | number)[] }[] = [];
  for (const [prop, kind] of Object.entries(props ?? {})) {
    const value = node[prop];
    if (kind === 'one') {
      if (typeof value === 'string') found.push({ name: value, path: [prop] });
    } else if (value && typeof value === 'object') {
      for (const [key, name] of Object.entries(value)) if (typeof name === 'string') found.push({ name, path: [prop, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return found;
}

/** Every icon name written on a widget node of the document, at any depth, with where it is. */
export function iconsIn(doc: unknown, iconProps: WidgetIconProps, path: (string | number)[] = [], found: { name: string; path: (string | number)[] }[] = []) {
  if (Array.isArray(doc)) doc.forEach((item, index) => iconsIn(item, iconProps, [...path, index], found));
  else if (doc && typeof doc === 'object') {
    const node = doc as Record<string, unknown>;
    for (const icon of nodeIcons(node, iconProps)) found.push({ name: icon.name, path: [...path, ...icon.path] });
    for (const [key, value] of Object.entries(node)) iconsIn(value, iconProps, [...path, key], found);
  }
  return found;
}
