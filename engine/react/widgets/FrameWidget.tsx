import { Box, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useNodeText } from './basic.tsx';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/** How long the address must stay the same before the frame loads it (typing changes it at each key). */
const SETTLE_MS = 400;

/**
 * A page of this site shown in small, as a picture of it: `src` (its `{{name}}` placeholders filled
 * from `values`, URI-encoded) laid out at `width` × `height` px and drawn at `scale`. The frame is
 * inert (never focused, never read aloud as a page of its own): its caption, `text`, says what it shows.
 */
export function FrameWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const caption = useNodeText(node.text, node.values);
  const values = (node.values ?? {}) as Record<string, unknown>;
  const src = String(node.src).replace(/\{\{(\w+)\}\}/g, (_, name: string) => encodeURIComponent(String(displayValue(values[name], scope, runtime) ?? '')));
  const [shown, setShown] = useState(src);
  useEffect(() => {
    if (src === shown) return undefined;
    const timer = setTimeout(() => setShown(src), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [src, shown]);
  const width = Number(node.width ?? 1280);
  const height = Number(node.height ?? 800);
  const scale = Number(node.scale ?? 0.25);
  return (
    <chakra.figure display="flex" flexDirection="column" gap="1" margin="0">
      <Box width={`${Math.round(width * scale)}px`} height={`${Math.round(height * scale)}px`} maxWidth="100%" overflow="hidden"
        borderWidth="1px" borderColor="border" borderRadius="l2" bg="bg">
        <chakra.iframe src={shown} title={caption} width={`${width}px`} height={`${height}px`} border="0"
          transform={`scale(${scale})`} transformOrigin="top left" pointerEvents="none" tabIndex={-1} loading="lazy" {...{ inert: true }} />
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted">{caption}</Text>
    </chakra.figure>
  );
}
