/**
 * A loader for lazily fetched configuration chunks (screens, flows, forms, texts) that fetches
 * each at most once and hands React's `use` the same promise on every render.
 */
export function chunkCache<Module, Value>(
  loaders: Record<string, () => Promise<Module>>,
  kind: string,
  pick: (module: Module) => Value,
): (id: string) => Promise<Value> {
  const loaded = new Map<string, Promise<Value>>();
  return (id) => {
    let promise = loaded.get(id);
    if (!promise) {
      const loader = loaders[id];
      promise = loader ? loader().then(pick) : Promise.reject(new Error(`No ${kind} "${id}"`));
      loaded.set(id, promise);
    }
    return promise;
  };
}
