import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import { flatMessages, namespaceOf, pickNamespaces, screenNamespaces, sharedMessages } from '../../engine/build/message-split.ts';

const root = join(import.meta.dirname, '..', '..');
const screen = (id: string) => readConfigData(root, `schemas/screens/${id}.yaml`).data;

describe('message catalogue split', () => {
  it('gives a screen the namespaces of its own keys, its forms, flows and grids', () => {
    const login = screenNamespaces(root, screen('login'));
    expect(login.has('login')).toBe(true);
    expect(login.has('code')).toBe(true);      // from the flow views
    expect(login.has('fields')).toBe(true);    // from the forms' field titles
    const history = screenNamespaces(root, screen('account-history'));
    expect(history.has('ledger')).toBe(true);  // from the grid's column headers
  });

  it('picks whole namespaces only', () => {
    expect(namespaceOf('guestPay.methodCard')).toBe('guestPay');
    expect(pickNamespaces({ 'a.x': '1', 'ab.y': '2', 'b.z': '3' }, new Set(['a']))).toEqual({ 'a.x': '1' });
  });

  it("the product's text of an engine key travels with every page, whatever its namespace", () => {
    const shared = sharedMessages({ 'steps.item': 'Step {{number}}', 'billing.title': 'Billing', 'app.name': 'Portal' }, ['app']);
    expect(shared).toEqual({ 'steps.item': 'Step {{number}}', 'app.name': 'Portal' });
  });

  it('the shared namespaces exist in the catalogue', () => {
    const app = parse(readFileSync(join(root, 'schemas', 'app.yaml'), 'utf8')) as { sharedMessages: string[]; failureMessages: string[] };
    const messages = JSON.parse(readFileSync(join(root, 'schemas', 'messages', 'en.json'), 'utf8')) as Record<string, string>;
    const namespaces = new Set(Object.keys(messages).map(namespaceOf));
    for (const shared of [...app.sharedMessages, ...app.failureMessages]) expect(namespaces.has(shared), shared).toBe(true);
  });
});

describe('flatMessages', () => {
  it('puts nested texts under their dotted keys and keeps flat ones, so that both forms of the catalogue work', () => {
    expect(flatMessages({ 'app.name': 'Portal', login: { title: 'Sign in', help: { link: 'Help' } } }))
      .toEqual({ 'app.name': 'Portal', 'login.title': 'Sign in', 'login.help.link': 'Help' });
  });
});
