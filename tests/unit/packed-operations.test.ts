import { describe, expect, it } from 'vitest';
import { browserOperations } from '../../engine/build/config-plugin.ts';
import { buildUrl } from '../../engine/core/api/client.ts';
import { unpackOperations } from '../../engine/core/api/packed-operations.ts';
import { operations } from '../../generated/operations.ts';

/** The packed index the build writes, read back as the browser reads it. */
function browserIndex() {
  const source = browserOperations(operations as never);
  const packed = JSON.parse(/unpackOperations\((\{.*\})\);$/s.exec(source)![1]) as Record<string, string>;
  return { source, index: unpackOperations(packed) };
}

describe('the operation index every page downloads', () => {
  it('calls every operation at the same address, with the same method, token group and body as the full index', () => {
    const { index } = browserIndex();
    expect(Object.keys(index).sort()).toEqual(Object.keys(operations).sort());
    for (const [id, full] of Object.entries(operations)) {
      const packed = index[id];
      const params = Object.fromEntries(full.pathParams.map((name) => [name, `${name} 1/2`]));
      const request = { params, query: { portalEnabled: true, unread: 'yes' } };
      expect(buildUrl(packed, request), id).toBe(buildUrl(full as never, request));
      expect([packed.method, packed.group, packed.hasBody, packed.pathParams], id).toEqual([full.method, full.group, full.hasBody, full.pathParams]);
    }
  });

  it('leaves out what only the checker, the server and the tests read', () => {
    const { source } = browserIndex();
    expect(source).not.toContain('callers');
    expect(source.length).toBeLessThan(JSON.stringify(operations).length / 2);
  });
});
