// Finds operation bindings in a document: any object naming an operation (`operation:` or
// `operationId:`) next to its request parts `params` (path), `query` and `body`. Screens' data,
// grid and repeat widgets and flows' invoke inputs all take this shape.
import { isObject, walk } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

export interface OperationBinding {
  doc: SourceDoc;
  operation: string;
  /** Path of the object holding the binding. */
  at: PathSegment[];
  node: Record<string, unknown>;
}

export function findBindings(doc: SourceDoc): OperationBinding[] {
  const found: OperationBinding[] = [];
  walk(doc.data, (value, path) => {
    if (!isObject(value)) return;
    for (const key of ['operation', 'operationId']) {
      const name = value[key];
      // `$...` names are chosen at run time: nothing to check here.
      if (typeof name === 'string' && !name.startsWith('$')) found.push({ doc, operation: name, at: path, node: value });
    }
  });
  return found;
}
