import { Box } from '@chakra-ui/react';
import { Suspense, use } from 'react';
import Markdown from 'markdown-to-jsx/react';
import { contentLoaders } from 'virtual:engine-content';
import { Busy } from './Busy.tsx';
import type { WidgetProps } from './WidgetNode.tsx';

const loaded = new Map<string, Promise<string>>();

function load(id: string): Promise<string> {
  let promise = loaded.get(id);
  if (!promise) {
    const loader = contentLoaders[id];
    promise = loader ? loader().then((module) => module.default) : Promise.reject(new Error(`No content "${id}"`));
    loaded.set(id, promise);
  }
  return promise;
}

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
