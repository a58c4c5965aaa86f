import { Box, Link as ChakraLink } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { resolveBindings } from '../../core/bindings.ts';
import { useScope } from '../app/scope.tsx';
import { useNodeText } from './basic.tsx';
import { allowedUrl, DEFAULT_SCHEMES } from './safe-url.ts';
import type { WidgetProps } from '../component-types.ts';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Each heading `offset` levels lower (never below 6), so the page's own heading stays its only level-1 one. */
function shiftedHeadings(offset: number): Components {
  if (offset === 0) return {};
  return Object.fromEntries(
    HEADINGS.map((tag, i) => {
      const Tag = `h${Math.min(6, i + 1 + offset) as Level}` as const;
      return [tag, ({ children }: { children?: ReactNode }) => <Tag>{children}</Tag>];
    }),
  );
}

/**
 * A Markdown text from the data. react-markdown builds React elements (never innerHTML): raw HTML in
 * the text becomes plain text, and every link and image address passes `urlTransform`, which empties
 * any that is not of an allowed scheme; such a link is then its text alone and such an image nothing.
 */
export function MarkdownWidget({ node }: WidgetProps) {
  const scope = useScope();
  const text = resolveBindings<unknown>(node.text, scope);
  const label = useNodeText(node.label, undefined);
  const schemes = Array.isArray(node.schemes) ? (node.schemes as string[]) : DEFAULT_SCHEMES;
  const offset = Number(node.headingOffset ?? 0);
  const schemeKey = schemes.join(',');
  const components = useMemo<Components>(
    () => ({
      ...shiftedHeadings(offset),
      a: ({ href, children }) =>
        href ? <ChakraLink href={href} color="brand.fg" textDecoration="underline">{children}</ChakraLink> : <span>{children}</span>,
      img: ({ src, alt }) => (typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} style={{ maxWidth: '100%' }} /> : null),
    }),
    [offset],
  );
  const urlTransform = useMemo(() => {
    const allowed = schemeKey.split(',');
    return (url: string) => (allowedUrl(url, allowed) ? url : '');
  }, [schemeKey]);
  if (typeof text !== 'string' || text.trim() === '') return null;
  return (
    <Box className="engine-prose" maxWidth="48rem" role={label ? 'region' : undefined} aria-label={label || undefined}>
      <Markdown components={components} urlTransform={urlTransform}>{text}</Markdown>
    </Box>
  );
}
