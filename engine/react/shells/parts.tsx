import { Box, Container, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { NavigationItem } from '../app/config-types.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope, useSessionStatus } from '../app/scope.tsx';
import { useFirstScreenSettled } from '../app/settled.ts';
import { isLinkable } from '../app/route-table.ts';
import { resolveBindings, type BindingScope } from '../../core/bindings.ts';
import { EngineLink } from '../widgets/links.tsx';

// The frame's parts are drawn again only when what they show changes: the frame's data or the
// session changing (an unread count, the first screen settling) would otherwise draw every element
// of the frame again, each of them restyled, in the same task as the page's own update.

export const SkipLink = memo(function SkipLink() {
  const { t } = useTranslator();
  return (
    <ChakraLink href="#main-content" position="absolute" left="2" top="-20" zIndex="skipLink" bg="bg" color="fg" p="2"
      _focus={{ top: '2' }}>
      {t('app.skipToContent')}
    </ChakraLink>
  );
});

export interface FrameItem { item: NavigationItem; placeholder: boolean; children: FrameItem[] }

/**
 * The items the frame shows for the session's state. While a stored session loads, the items of a
 * signed-in user come as placeholders: the frame keeps their space from its first paint, so
 * nothing below it moves when they arrive; the items of a signed-out visitor are not shown. A group
 * shows while some of its links do, as a placeholder while all of them are.
 */
export function useFrameItems(items: NavigationItem[]): FrameItem[] {
  const status = useSessionStatus();
  const scope = useScope();
  const shown = frameItems(items, status, scope);
  // The same list while the same items show: the lists holding them are then not drawn again.
  const signature = shapeOf(shown);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- kept by its shape, not by identity
  return useMemo(() => shown, [items, signature]);
}

/** Which items show, as what, in which groups: the items themselves come from the configuration. */
function shapeOf(shown: FrameItem[]): string {
  return shown.map(({ item, placeholder, children }) => `${item.text}:${item.to ?? ''}${placeholder ? '?' : ''}[${shapeOf(children)}]`).join(',');
}

function frameItems(items: NavigationItem[], status: string, scope: BindingScope): FrameItem[] {
  return items.flatMap((item): FrameItem[] => {
    // An item for some users only (`when`) appears once the session says it is theirs.
    if (item.when && resolveBindings<unknown>(item.when, scope) !== true) return [];
    const own = shownFor(item, status);
    if (own === 'hidden') return [];
    if (!item.children) return [{ item, placeholder: own === 'placeholder', children: [] }];
    const children = frameItems(item.children, status, scope);
    if (children.length === 0) return [];
    const placeholder = own === 'placeholder' || children.every((child) => child.placeholder);
    return [{ item, placeholder, children: children.filter((child) => !child.placeholder) }];
  });
}

function shownFor(item: NavigationItem, status: string): 'shown' | 'placeholder' | 'hidden' {
  if (!item.requires) return 'shown';
  if (status === 'loading') return item.requires === 'session' ? 'placeholder' : 'hidden';
  const shown = (item.requires === 'session' && status === 'signedIn') || (item.requires === 'anonymous' && status === 'signedOut');
  return shown ? 'shown' : 'hidden';
}

export const NavList = memo(function NavList({ items, label }: { items: NavigationItem[]; label: string }) {
  const { t } = useTranslator();
  const shown = useFrameItems(items);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={label}>
      <HStack as="ul" gap="4" listStyleType="none" wrap="wrap" m="0" p="0">
        {shown.map(({ item, placeholder }) => placeholder
          // Unseen and out of the accessibility tree, but as wide as the link it stands for.
          ? <li key={item.text} aria-hidden="true" style={{ visibility: 'hidden' }}><FrameLink item={item} placeholder>{t(item.text)}</FrameLink></li>
          : <li key={item.text}><FrameLink item={item}>{t(item.text)}</FrameLink></li>)}
      </HStack>
    </nav>
  );
});

/**
 * A frame link; a management company may point it at its own page (site.yaml). As a placeholder it
 * is its text alone, shown exactly when the link would be: nothing to follow or focus.
 */
export function FrameLink({ item, children, placeholder = false }: { item: NavigationItem; children: ReactNode; placeholder?: boolean }) {
  const { routes } = useRuntime();
  const to = useItemTarget(item);
  const shown = !to ? 'none' : placeholder ? (isLinkable(to, routes) ? 'text' : 'none') : 'link';
  // The same element while it leads to the same place: a change of scope redraws none of the link.
  return useMemo(() => {
    if (shown === 'none' || !to) return null;
    return shown === 'text' ? <span>{children}</span> : <EngineLink to={to}>{children}</EngineLink>;
  }, [shown, to, children]);
}

/** Where a frame link leads: a management company may point it at its own page (site.yaml `siteUrl`). */
export function useItemTarget(item: NavigationItem): string | undefined {
  const scope = useScope();
  const site = scope.site as Record<string, unknown> | undefined;
  const override = item.siteUrl ? site?.[item.siteUrl] : undefined;
  return typeof override === 'string' && override ? override : item.to;
}

/**
 * The frame's footer. It sits right below the screen, so it stays unseen (keeping its place) until
 * the first screen has settled: the screen's content arriving then moves nothing a visitor sees.
 */
export const Footer = memo(function Footer({ items, name }: { items?: NavigationItem[]; name?: string }) {
  const { t } = useTranslator();
  const { config } = useRuntime();
  const settled = useFirstScreenSettled();
  const list = items ?? config.navigation.footer;
  // The first screen settling shows the footer: its content is not drawn again for that.
  const content = useMemo(() => (
    <Container maxW="6xl">
      <Flex gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between">
        <NavList items={list} label={t('footer.label')} />
        <Text color="fg.muted" fontSize="sm">{name || t('app.name')}</Text>
      </Flex>
    </Container>
  ), [list, name, t]);
  return (
    <Box as="footer" borderTopWidth="1px" mt="12" py="6" bg="bg" visibility={settled ? undefined : 'hidden'}>
      {content}
    </Box>
  );
});

export const Main = memo(function Main({ children }: { children: ReactNode }) {
  return (
    <Container as="main" id="main-content" tabIndex={-1} maxW="6xl" py="8" flex="1" outline="none">
      {children}
    </Container>
  );
});
