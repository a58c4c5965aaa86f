import { Link as ChakraLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { resolveLink } from '../../app/route-table.ts';
import { useRuntime } from '../../app/runtime.ts';
import { RouterLink } from '../../router/router-link.tsx';
import { allowedUrl } from '../safe-url.ts';

/**
 * A link to a source an answer cites: a path of the portal is followed by the router (kept under the
 * mirror prefix); an http(s) address is a plain link; anything else (a scheme that could run code)
 * is the text alone.
 */
export function SourceLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  const { routes } = useRuntime();
  const { pathname } = useLocation();
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <ChakraLink asChild color="brand.fg" textDecoration="underline" overflowWrap="anywhere">
        <RouterLink to={resolveLink(href, pathname, routes)} aria-label={label}>{children}</RouterLink>
      </ChakraLink>
    );
  }
  if (allowedUrl(href, ['http', 'https'])) {
    return <ChakraLink href={href} color="brand.fg" textDecoration="underline" overflowWrap="anywhere" aria-label={label}>{children}</ChakraLink>;
  }
  return <span>{children}</span>;
}
