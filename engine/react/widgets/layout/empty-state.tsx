import { Box, Stack, Text } from '@chakra-ui/react';
import type { WidgetProps } from '../../component-types.ts';
import { useNodeText } from '../basic.tsx';
import { NamedIcon } from '../icons.tsx';
import { WidgetNode } from '../WidgetNode.tsx';
import type { WidgetNodeConfig } from '../../app/config-types.ts';

/** What a place shows when it has nothing yet: an icon, a sentence saying so, and what to do next. */
export function EmptyStateWidget({ node }: WidgetProps) {
  const text = useNodeText(node.text, node.values);
  const action = node.action as WidgetNodeConfig | undefined;
  return (
    <Stack className="engine-empty-state" align="center" textAlign="center" gap="3" py="6" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="card">
      {node.icon ? <Box color="fg.muted"><NamedIcon name={node.icon} size={32} /></Box> : null}
      <Text>{text}</Text>
      {action ? <WidgetNode node={action} /> : null}
    </Stack>
  );
}
