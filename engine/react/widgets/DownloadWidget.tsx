import { Button } from '@chakra-ui/react';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { displayValue } from './format.ts';
import { useNodeText } from './basic.tsx';
import type { WidgetProps } from '../component-types.ts';

/**
 * A link that saves a file the server has made (an address, usually a binding) under its name.
 * Nothing while there is no address. A link rather than a script's download: it works by keyboard,
 * the browser shows its own progress, and no pop-up blocker stands in the way.
 */
export function DownloadWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const text = useNodeText(node.text, node.values);
  const href = displayValue(node.href, scope, runtime);
  const fileName = displayValue(node.fileName, scope, runtime);
  if (typeof href !== 'string' || !href) return null;
  return (
    <Button asChild colorPalette="brand" alignSelf="flex-start">
      <a href={href} download={typeof fileName === 'string' && fileName ? fileName : ''}>{text}</a>
    </Button>
  );
}
