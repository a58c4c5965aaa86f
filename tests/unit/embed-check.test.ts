// `npm run check` on app.yaml's `embedding`: the meta-schema's shape, the allowed origins' operation
// and its parameters and answer, the theme event, and the mirror the bridge lives under.
import { afterAll, describe, expect, it } from 'vitest';
import { endCheckCopies, checkBroken, expectProblem, type Edit } from './support/broken-copy.ts';

afterAll(endCheckCopies);

const APP = 'schemas/app.yaml';

/** app.yaml of the fixture with this embedding block. */
const embedding = (block: string): Edit => ({ file: APP, from: 'homePath: /home\n', to: `homePath: /home\n${block}` });

const VALID = `embedding:
  allowedOrigins:
    operation: getItem
    params: { id: { queryParam: site } }
    query: { expand: { queryParam: more } }
    field: name
  themeEvent: { type: LOGOUT, field: theme }
  native: { webkitHandler: siteBridge, receiveFunction: __siteReceive }
`;

describe('app.yaml embedding', { timeout: 30_000 }, () => {
  it('is accepted when it names a read, fills its parameters and names a field of its answer', async () => {
    const { status, out } = await checkBroken([embedding(VALID)]);
    expect(status, out).toBe(0);
  });

  it('names an operation of openapi/', async () => {
    await expectProblem([embedding(VALID.replace('operation: getItem', 'operation: getItems'))], APP, 'operation: getItems',
      'embedding.allowedOrigins.operation', 'operation "getItems" is not declared in openapi/');
  });

  it('reads the origins with a GET', async () => {
    await expectProblem([embedding(VALID.replace('operation: getItem', 'operation: saveItem').replace('    params: { id: { queryParam: site } }\n', '').replace('expand:', 'dry:').replace('field: name', 'field: id'))],
      APP, 'operation: saveItem', 'embedding.allowedOrigins.operation', 'is a POST, not a read');
  });

  it('fills each path parameter, and names only parameters the operation has', async () => {
    const { status, out } = await checkBroken([embedding(VALID.replace('params: { id:', 'params: { key:').replace('expand:', 'expnd:'))]);
    expect(status, out).toBe(1);
    expect(out).toMatch(/embedding\.allowedOrigins\.params\.key: operation "getItem" has no path parameter "key"/);
    expect(out).toMatch(/embedding\.allowedOrigins\.params: path parameter "id" of operation "getItem" has no value/);
    expect(out).toMatch(/embedding\.allowedOrigins\.query\.expnd: operation "getItem" has no query parameter "expnd"/);
  });

  it('names a field of the answer', async () => {
    await expectProblem([embedding(VALID.replace('field: name', 'field: origins'))], APP, 'field: origins',
      'embedding.allowedOrigins.field', 'the answer of operation "getItem" has no field "origins"');
  });

  it('sends the session flow an event it handles', async () => {
    await expectProblem([embedding(VALID.replace('type: LOGOUT', 'type: SET_THEME'))], APP, 'themeEvent:',
      'embedding.themeEvent.type', 'event "SET_THEME" is sent to the session flow');
  });

  it('has the shape the meta-schema says', async () => {
    const { status, out } = await checkBroken([embedding(VALID.replace('webkitHandler: siteBridge', 'webkitHandler: "site bridge"').replace('field: name\n', 'field: name\n    cache: true\n'))]);
    expect(status, out).toBe(1);
    expect(out).toMatch(/embedding\.native\.webkitHandler/);
    expect(out).toMatch(/embedding\.allowedOrigins.*cache/);
  });

  it('needs a mirror in routes.yaml', async () => {
    await expectProblem([embedding(VALID), { file: 'schemas/routes.yaml', from: /\n\s*mirror: \/embed/, to: '' }], APP, 'embedding:',
      'embedding', 'no layout of schemas/routes.yaml has a `mirror`');
  });
});
