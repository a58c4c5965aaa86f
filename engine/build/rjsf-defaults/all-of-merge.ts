// Stands in for @rjsf/utils' shallowAllOfMerge (see rjsf-substitutes-plugin.ts): merging a schema's
// `allOf` takes a JSON Schema merger of ~4 KB gzip that a form without `allOf` never calls. The
// module of a form whose schema has `allOf` brings the merger and hands it over here
// (all-of-merger.ts, imported by form-validator.ts formModuleSource) before the form renders.
import type rjsfShallowAllOfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';

type Merge = typeof rjsfShallowAllOfMerge;

let merger: Merge | undefined;

/** Called by all-of-merger.ts when a form that needs it is loaded. */
export function provideAllOfMerge(merge: Merge): void {
  merger = merge;
}

export default function shallowAllOfMerge(schema: Parameters<Merge>[0]): ReturnType<Merge> {
  if (!merger) throw new Error('a form schema with allOf was rendered without the allOf merger its form module brings');
  return merger(schema);
}
