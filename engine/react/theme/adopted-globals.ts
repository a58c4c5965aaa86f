// A Chakra system's global styles (its reset, base styles and a CSS variable for every token) cost
// a third of the time its system takes to make, and Emotion's <Global> names them by a hash of their
// text. Rendered ahead of time, they go into the page under a name of their own; a browser that
// finds that element adopts it, and its system never makes them (the build makes Chakra's `_global`
// a property worked out when first read: engine/build/lazy-system-globals-plugin.ts).
import type { SystemContext } from '@chakra-ui/react';
import { css } from '@emotion/react';

/** The name the page's system's global styles have in markup rendered ahead of time. */
export const SYSTEM_GLOBALS_NAME = 'system-globals';

function withGlobals(system: SystemContext, styles: string): SystemContext {
  return Object.create(system, { _global: { value: { name: SYSTEM_GLOBALS_NAME, styles, next: undefined } } }) as SystemContext;
}

/**
 * `system` with its global styles under SYSTEM_GLOBALS_NAME when rendering ahead of time, and, in a
 * built page that has them under that name, as that element (nothing to make or insert).
 */
export function withAdoptedGlobals(system: SystemContext): SystemContext {
  if (typeof document === 'undefined') return withGlobals(system, css(system._global as never).styles);
  // Development mode renders every page in the browser (and twice over, under StrictMode).
  const adopted = import.meta.env.PROD && document.head.querySelector(`style[data-emotion$=" ${SYSTEM_GLOBALS_NAME}"]`) !== null;
  return adopted ? withGlobals(system, '') : system;
}
