import { Box } from '@chakra-ui/react';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import type { WidgetProps } from '../../component-types.ts';
import { displayValue } from '../format.ts';
import { NamedIcon } from '../icons.tsx';

/** The icon of a value (`icons[value]`, else `icon`): decorative, as the text beside it says the same. */
export function IconWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const icons = (node.icons ?? {}) as Record<string, string>;
  const value = node.value === undefined ? undefined : displayValue(node.value, scope, runtime);
  const chosen = typeof value === 'string' && Object.hasOwn(icons, value) ? icons[value] : node.icon;
  if (!chosen) return null;
  return (
    <Box as="span" className="engine-icon" display="inline-flex" flexShrink="0" color="fg.muted" aria-hidden="true">
      <NamedIcon name={chosen} size={Number(node.size ?? 20)} />
    </Box>
  );
}
