import { Box } from '@chakra-ui/react';
import { Suspense, use } from 'react';
import Markdown from 'markdown-to-jsx/react';
import { loadContent as load } from '../app/config-chunks.ts';
import { useConfigVersion } from '../app/config-version.ts';
import { Busy } from './Busy.tsx';
import type { WidgetProps } from '../component-types.ts';

function Document({ id }: { id: string }) {
  useConfigVersion();
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
