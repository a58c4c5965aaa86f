import { lazy, type ComponentType } from 'react';

/**
 * A part of rjsf's default registry that few forms render (arrays, alternatives, layout grids, dates,
 * files…), fetched the first time a form renders it; the form shows its busy state meanwhile.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rjsf's registry parts take many prop shapes
export function lazyPart(load: () => Promise<{ default: ComponentType<any> }>): ComponentType<any> {
  return lazy(load);
}
