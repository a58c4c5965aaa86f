import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import type { WidgetProps } from '../../component-types.ts';
import { headingStyle } from '../../theme/scales.ts';
import { useNodeText } from '../basic.tsx';
import { NamedIcon } from '../icons.tsx';
import { WidgetChildren } from '../WidgetNode.tsx';

/**
 * A bordered section named by its heading (so screen readers list it), its body, then its actions.
 * A card of level 1 is the page itself (a short form of its own): its heading is the page's.
 */
export function CardWidget({ node }: WidgetProps) {
  const title = useNodeText(node.title, node.values);
  const headingId = useId();
  const level = Number(node.level ?? 2);
  const actions = Array.isArray(node.actions) && node.actions.length > 0 ? node.actions : null;
  return (
    <Box as="section" aria-labelledby={headingId} className="engine-card" borderWidth="1px" borderRadius="card" boxShadow="card" bg="bg"
      p={{ base: 'card.padding', md: 'card.paddingWide' }} height="100%">
      <Stack gap="card.gap">
        {/* The icon stays by the first line of a title that wraps. */}
        <Flex as={`h${level}` as 'h2'} id={headingId} align="flex-start" gap="2" m="0">
          {node.icon ? <Box as="span" display="inline-flex" color="brand.fg" mt="1" flexShrink="0"><NamedIcon name={node.icon} /></Box> : null}
          <Heading as="span" fontFamily="heading" {...headingStyle(level === 1 ? 1 : 3)}>{title}</Heading>
        </Flex>
        <WidgetChildren nodes={node.children} />
        {actions ? <Flex gap="3" wrap="wrap" align="center" pt="1"><WidgetChildren nodes={actions} /></Flex> : null}
      </Stack>
    </Box>
  );
}
