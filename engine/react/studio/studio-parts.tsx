// Small pieces every page of the development gallery uses.
import { chakra, Link as ChakraLink } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export const STUDIO = '/studio';

/** A link inside the gallery. */
export function StudioLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <ChakraLink asChild color="brand.fg" textDecoration="underline">
      <RouterLink to={to} aria-label={label}>{children}</RouterLink>
    </ChakraLink>
  );
}

/** Names the page in the browser's title, as every portal page does. */
export function usePageTitle(title: string) {
  useEffect(() => { document.title = `${title} · Studio`; }, [title]);
}


// Styled here rather than with Chakra's Code, Badge and Table: the portal's lean Chakra
// configuration carries only the recipes of the components its pages render (theme/base-config.ts).
/** A name or path of the configuration, in a monospace face. */
export const Mono = chakra('code', { base: { fontFamily: 'mono', fontSize: '0.875em', bg: 'bg.muted', px: '1', borderRadius: 'l1', overflowWrap: 'anywhere' } });
/** A short mark beside a name (initial, final, off in this build). */
export const Mark = chakra('span', { base: { display: 'inline-block', fontSize: 'xs', fontWeight: 'medium', px: '1.5', borderRadius: 'l1', bg: 'bg.emphasized', color: 'fg' } });
export const Th = chakra('th', { base: { textAlign: 'start', fontWeight: 'semibold', px: '3', py: '2', borderBottomWidth: '1px', verticalAlign: 'bottom' } });
export const Td = chakra('td', { base: { px: '3', py: '2', borderBottomWidth: '1px', verticalAlign: 'top' } });
