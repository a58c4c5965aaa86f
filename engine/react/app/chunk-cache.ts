import { onChunkReplaced, sameDocument } from '../dev/hot-updates.ts';
import { noteChunk } from './chunk-usage.ts';

/** A promise as React's `use` reads it: once settled, `use` returns its value without suspending. */
type TrackedPromise<Value> = Promise<Value> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: Value; reason?: unknown };

/** Marks the promise the way React marks the promises it has seen, so a chunk already loaded never suspends. */
export function tracked<Value>(promise: Promise<Value>): Promise<Value> {
  const marked = promise as TrackedPromise<Value>;
  marked.status = 'pending';
  promise.then(
    (value) => { marked.status = 'fulfilled'; marked.value = value; },
    (reason: unknown) => { marked.status = 'rejected'; marked.reason = reason; },
  );
  return promise;
}

/** A promise already fulfilled with `value`, which `use` reads without suspending. */
export function settled<Value>(value: Value): Promise<Value> {
  const promise = Promise.resolve(value) as TrackedPromise<Value>;
  promise.status = 'fulfilled';
  promise.value = value;
  return promise;
}

/**
 * A loader for lazily fetched configuration chunks (screens, flows, forms, texts) that fetches
 * each at most once and hands React's `use` the same promise on every render. An id `loaders`
 * lacks is looked up by `elsewhere` (the table of gated areas' chunks, apart.ts), if given.
 */
export function chunkCache<Module, Value>(
  loaders: Record<string, () => Promise<Module>>,
  kind: string,
  pick: (module: Module) => Value,
  elsewhere?: (id: string) => Promise<(() => Promise<Module>) | undefined>,
): (id: string) => Promise<Value> {
  const loaded = new Map<string, Promise<Value>>();
  // Development mode: a saved configuration file replaces its chunk in place (engine/react/dev/hot-updates.ts).
  if (import.meta.env.DEV) {
    onChunkReplaced(kind, (id, module) => {
      const next = pick(module as Module);
      const current = loaded.get(id) as TrackedPromise<Value> | undefined;
      // The same document saved again (a comment, or a save of a file it includes that changed nothing
      // here) keeps its object: nothing that depends on it starts again.
      if (current?.status === 'fulfilled' && sameDocument(current.value, next)) return;
      loaded.set(id, settled(next));
    });
  }
  return (id) => {
    noteChunk(kind, id);
    let promise = loaded.get(id);
    if (!promise) {
      const missing = () => Promise.reject(new Error(`No ${kind} "${id}"`));
      const loader = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
      promise = tracked(loader ? loader().then(pick)
        : elsewhere ? elsewhere(id).then((found) => (found ? found().then(pick) : missing())) : missing());
      loaded.set(id, promise);
    }
    return promise;
  };
}
