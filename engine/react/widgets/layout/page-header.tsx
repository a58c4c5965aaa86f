import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { WidgetNodeConfig } from '../../app/config-types.ts';
import { useTranslator } from '../../app/translation.ts';
import type { WidgetProps } from '../../component-types.ts';
import { useNodeText } from '../basic.tsx';
import { NamedIcon } from '../icons.tsx';
import { WidgetChildren } from '../WidgetNode.tsx';
import { Breadcrumb, type Crumb, type Trail } from './breadcrumb.tsx';

/**
 * The top of a page: its trail, its heading and description, and its actions. From the `md` width
 * the heading and the actions share one row (the actions on the right); narrower, the actions go
 * below, wrapping, so nothing is wider than the page.
 */
export function PageHeaderWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const title = useNodeText(node.title, node.values);
  const description = useNodeText(node.description, node.values);
  const level = Number(node.level ?? 1);
  const trail = node.breadcrumb as { label: string; items: Crumb[]; trail?: Trail } | undefined;
  const secondary = Array.isArray(node.secondary) ? (node.secondary as WidgetNodeConfig[]) : [];
  const actions = node.primary ? [...secondary, node.primary as WidgetNodeConfig] : secondary;
  return (
    <Stack className="engine-page-header" gap="2" width="100%" minWidth="0">
      {trail && trail.items.length > 0 ? <Breadcrumb label={t(trail.label)} items={trail.items} trail={trail.trail} /> : null}
      <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }} justify="space-between"
        columnGap="6" rowGap="3">
        <Stack gap="1" minWidth="0" flex="1">
          {/* The icon stays by the first line of a title that wraps. */}
          <Flex as={`h${level}` as 'h1'} align="flex-start" gap="3" m="0">
            {node.icon ? <Box as="span" display="inline-flex" color="brand.fg" mt="1" flexShrink="0"><NamedIcon name={node.icon} size={28} /></Box> : null}
            <Heading as="span" size={level === 1 ? '2xl' : 'xl'} fontFamily="heading" minWidth="0" overflowWrap="anywhere">{title}</Heading>
          </Flex>
          {description ? <Text color="fg.muted">{description}</Text> : null}
        </Stack>
        {actions.length > 0
          ? (
            <Flex className="engine-page-header-actions" gap="3" wrap="wrap" align="center" justify={{ base: 'flex-start', md: 'flex-end' }}
              flexShrink={{ md: '0' }} maxWidth={{ md: '50%' }} minWidth="0">
              <WidgetChildren nodes={actions} />
            </Flex>
          )
          : null}
      </Flex>
    </Stack>
  );
}
