// The operation index as every page downloads it: `group method address[ body]` per operation, the
// address under the group's base path (engine/build/config-plugin.ts packs it), unpacked once into
// the descriptors the API client reads.
import type { OperationDescriptor } from './client.ts';

/** Where a group's operations are: each contract's server is `/api/<group>`. */
export const groupBasePath = (group: string) => `/api/${group}`;

export function unpackOperations(packed: Record<string, string>): Record<string, OperationDescriptor> {
  return Object.fromEntries(Object.entries(packed).map(([id, text]) => {
    const [group, method, path, body] = text.split(' ');
    const descriptor: OperationDescriptor = {
      group, method, basePath: groupBasePath(group), path, hasBody: body === 'body',
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]), queryParams: [],
    };
    return [id, descriptor];
  }));
}
