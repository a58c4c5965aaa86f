// Stands in for markdown-to-jsx inside @rjsf/core (see rjsf-substitutes-plugin.ts): the text is shown
// as written. The engine never turns on rjsf's markdown descriptions or help.
import { createElement, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return createElement('span', null, children);
}

export default Markdown;
