import { Box } from '@chakra-ui/react';
import { Suspense, use } from 'react';
import Markdown from 'markdown-to-jsx/react';
import { contentLoaders } from 'virtual:engine-content';
import { chunkCache } from '../app/chunk-cache.ts';
import { Busy } from './Busy.tsx';
import type { WidgetProps } from './WidgetNode.tsx';

const load = chunkCache(contentLoaders, 'content', (module): string => module.default);

function Document({ id }: { id: string }) {
  const text = use(load(id));
  return (
    <Box className="engine-prose" maxWidth="48rem">
      <Markdown options={{ disableParsingRawHTML: true }}>{text}</Markdown>
    </Box>
  );
}

/** A long text from schemas/content/, written in Markdown. */
export function ContentWidget({ node }: WidgetProps) {
  return <Suspense fallback={<Busy />}><Document id={String(node.document)} /></Suspense>;
}
