import { Box } from '@chakra-ui/react';
import { Suspense, use } from 'react';
import Markdown from 'markdown-to-jsx/react';
import { loadContent as load } from '../app/config-chunks.ts';
import { useConfigVersion } from '../app/config-version.ts';
import { Busy } from './Busy.tsx';
import type { WidgetProps } from '../component-types.ts';

/** The options of a document shown as it is, and of one whose level-1 heading (its title) the page shows elsewhere. */
const WITH_TITLE = { disableParsingRawHTML: true };
const WITHOUT_TITLE = { disableParsingRawHTML: true, overrides: { h1: { component: () => null } } };

function Document({ id, skipTitle }: { id: string; skipTitle: boolean }) {
  useConfigVersion();
  const text = use(load(id));
  return (
    <Box className="engine-prose" maxWidth="48rem">
      <Markdown options={skipTitle ? WITHOUT_TITLE : WITH_TITLE}>{text}</Markdown>
    </Box>
  );
}

/** A long text from schemas/content/, written in Markdown; with `skipTitle`, without its level-1 heading. */
export function ContentWidget({ node }: WidgetProps) {
  return <Suspense fallback={<Busy />}><Document id={String(node.document)} skipTitle={node.skipTitle === true} /></Suspense>;
}
