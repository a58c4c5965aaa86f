import { Button, Link as ChakraLink, List } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslator } from '../app/translation.ts';
import { useLocation } from 'react-router';
import { RouterLink } from '../router/router-link.tsx';
import { useRuntime } from '../app/runtime.ts';
import { isLinkable, resolveLink } from '../app/route-table.ts';
import type { WidgetProps } from '../component-types.ts';
import { useScope } from '../app/scope.tsx';
import { displayValue } from './format.ts';
import { useNodeText } from './basic.tsx';
import { useInteractive } from '../app/interactive.tsx';

/** A link to a configured path: kept under the mirror prefix, hidden when its route is not built. */
export function EngineLink({ to, children, label, variant, newTab = false }: { to: string; children: ReactNode; label?: string; variant?: 'solid' | 'outline'; newTab?: boolean }) {
  const { routes } = useRuntime();
  const { pathname, search } = useLocation();
  // A page rendered ahead of time knew no address query: the query a layout keeps (keepQuery) is
  // added once the page is the browser's own, so that what was rendered is what is adopted.
  const interactive = useInteractive();
  // A new tab is the browser's to open (a link, never window.open: no pop-up blocker stands in the way).
  const target = newTab ? '_blank' : undefined;
  if (!isLinkable(to, routes)) return null;
  if (/^[a-z]+:/i.test(to)) {
    return <ChakraLink href={to} target={target} color="brand.fg" textDecoration="underline" aria-label={label}>{children}</ChakraLink>;
  }
  const link = <RouterLink to={resolveLink(to, pathname, routes, interactive ? search : '')} target={target} aria-label={label}>{children}</RouterLink>;
  // A link that looks like a button (a page's main actions): it still leads somewhere.
  if (variant) return <Button asChild colorPalette="brand" variant={variant} bg={variant === 'outline' ? 'bg' : undefined}>{link}</Button>;
  return <ChakraLink asChild color="brand.fg" textDecoration="underline">{link}</ChakraLink>;
}

/**
 * `{{name}}` placeholders of `to` and `text` are filled from `values` (in `to`, URI-encoded), so a
 * link inside a list can lead to its own item: `{ to: '/items/{{id}}', values: { id: $item.id } }`.
 */
export function LinkWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const interactive = useInteractive();
  const text = useNodeText(node.text, node.values);
  // An accessible name saying more than the text (which row's link), when the screen gives one.
  const label = useNodeText(node.label, node.values) || undefined;
  const values = (node.values ?? {}) as Record<string, unknown>;
  // A page rendered ahead of time knows no address query and no session: a link built from them is
  // plain text until the page is the browser's own, so that what was rendered is what is adopted.
  if (!interactive && /\{\{\w+\}\}/.test(String(node.to))) return <span>{text}</span>;
  const to = String(node.to).replace(/\{\{(\w+)\}\}/g, (_, name: string) => encodeURIComponent(String(displayValue(values[name], scope, runtime) ?? '')));
  return <EngineLink to={to} label={label} variant={node.variant as 'solid' | 'outline' | undefined} newTab={node.newTab === true}>{text}</EngineLink>;
}

export function LinksWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const { routes } = useRuntime();
  const items = ((node.items as { text: string; to: string }[]) ?? []).filter((item) => isLinkable(item.to, routes));
  if (items.length === 0) return null;
  return (
    <nav aria-label={node.label ? t(String(node.label)) : undefined}>
      <List.Root gap="2" listStyle="none" ps="0">
        {items.map((item) => (
          <List.Item key={item.to}><EngineLink to={item.to}>{t(item.text)}</EngineLink></List.Item>
        ))}
      </List.Root>
    </nav>
  );
}
