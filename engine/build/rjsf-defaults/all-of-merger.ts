// rjsf's own allOf merger, brought by the module of a form whose schema has `allOf` (see
// all-of-merge.ts). Imported from outside @rjsf, so the substitutes plugin leaves it the real one.
import shallowAllOfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import { provideAllOfMerge } from './all-of-merge.ts';

provideAllOfMerge(shallowAllOfMerge);
