import { Box, Flex, Image } from '@chakra-ui/react';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import type { WidgetProps } from '../../component-types.ts';
import { displayValue } from '../format.ts';
import { WidgetChildren } from '../WidgetNode.tsx';

/**
 * A wide band at the head of a page: a decorative picture across its top, then its title side and
 * its main actions (beside it from the `md` width, below it on narrow screens). The band's tint is
 * light, so the page's own text and buttons keep their contrast on it.
 */
export function BannerWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const image = displayValue(node.image, scope, runtime);
  const actions = Array.isArray(node.actions) && node.actions.length > 0 ? node.actions : null;
  return (
    <Box className="engine-banner" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted" borderRadius="l3" overflow="hidden" width="100%">
      {typeof image === 'string' && image ? <Image src={image} alt="" height="32" width="100%" objectFit="cover" display="block" /> : null}
      <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="4"
        px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }}>
        <Flex align="center" gap="3" wrap="wrap" minWidth="0"><WidgetChildren nodes={node.children} /></Flex>
        {actions ? <Flex gap="3" wrap="wrap" align="center" flexShrink="0"><WidgetChildren nodes={actions} /></Flex> : null}
      </Flex>
    </Box>
  );
}
