import { Image } from '@chakra-ui/react';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useNodeText } from './basic.tsx';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/**
 * A picture from an address (`src`, usually a binding such as a logo URL); nothing when the address
 * is empty. `text` (a message key, with `values`) is its alternative text; without it the picture
 * is decorative (alt=""). `height` is a Chakra size (default 12); `wide` fills the width (a banner).
 */
export function ImageWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const alt = useNodeText(node.text, node.values);
  const src = displayValue(node.src, scope, runtime);
  if (typeof src !== 'string' || !src) return null;
  if (node.wide === true) return <Image src={src} alt={alt} height={String(node.height ?? '12')} width="100%" objectFit="cover" borderRadius="l2" />;
  return <Image src={src} alt={alt} height={String(node.height ?? '12')} width="auto" alignSelf="flex-start" objectFit="contain" />;
}
