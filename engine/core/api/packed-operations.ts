// The operation index as every page downloads it: `group method address[ body]` per operation
// (engine/build/config-plugin.ts packs it), unpacked once into the descriptors the API client reads.
import type { OperationDescriptor } from './client.ts';

export function unpackOperations(packed: Record<string, string>): Record<string, OperationDescriptor> {
  return Object.fromEntries(Object.entries(packed).map(([id, text]) => {
    const [group, method, path, body] = text.split(' ');
    const descriptor: OperationDescriptor = {
      group, method, basePath: '', path, hasBody: body === 'body',
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]), queryParams: [],
    };
    return [id, descriptor];
  }));
}
