import { Box, Container, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigationItem } from '../app/config-types.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope, useSessionStatus } from '../app/scope.tsx';
import { EngineLink } from '../widgets/links.tsx';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <ChakraLink href="#main-content" position="absolute" left="2" top="-20" zIndex="skipLink" bg="bg" color="fg" p="2"
      _focus={{ top: '2' }}>
      {t('app.skipToContent')}
    </ChakraLink>
  );
}

export function useVisibleItems(items: NavigationItem[]): NavigationItem[] {
  const status = useSessionStatus();
  return items.filter((item) => !item.requires
    || (item.requires === 'session' && status === 'signedIn')
    || (item.requires === 'anonymous' && status === 'signedOut'));
}

export function NavList({ items, label }: { items: NavigationItem[]; label: string }) {
  const { t } = useTranslation();
  const visible = useVisibleItems(items);
  if (visible.length === 0) return null;
  return (
    <nav aria-label={label}>
      <HStack as="ul" gap="4" listStyleType="none" wrap="wrap" m="0" p="0">
        {visible.map((item) => <li key={item.to}><FrameLink item={item}>{t(item.text)}</FrameLink></li>)}
      </HStack>
    </nav>
  );
}

/** A frame link; a management company may point it at its own page (site.yaml). */
export function FrameLink({ item, children }: { item: NavigationItem; children: ReactNode }) {
  const scope = useScope();
  const site = scope.site as Record<string, unknown> | undefined;
  const override = item.siteUrl ? site?.[item.siteUrl] : undefined;
  return <EngineLink to={typeof override === 'string' && override ? override : item.to}>{children}</EngineLink>;
}

export function Footer() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  return (
    <Box as="footer" borderTopWidth="1px" mt="12" py="6" bg="bg">
      <Container maxW="6xl">
        <Flex gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between">
          <NavList items={config.navigation.footer} label={t('footer.label')} />
          <Text color="fg.muted" fontSize="sm">{t('app.name')}</Text>
        </Flex>
      </Container>
    </Box>
  );
}

export function Main({ children }: { children: ReactNode }) {
  return (
    <Container as="main" id="main-content" tabIndex={-1} maxW="6xl" py="8" flex="1" outline="none">
      {children}
    </Container>
  );
}
