// The product's fragments (schemas/fragments, flows/fragments) expand to what the screens and
// machines wrote out before they were shared: a sample of each.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configPlugin } from '../../engine/build/config-plugin.ts';
import { readConfigData } from '../../engine/core/config/read-config.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readConfigData(root, file).data;
type Views = { views: { states: string[]; children?: unknown[] }[] };
const view = (screen: unknown, child: number, state: string) =>
  ((screen as { children: Views[] }).children[child]).views.find((v) => v.states.includes(state))!;

describe('product fragments', () => {
  it('a failed load says so and offers Try again (documents, profile settings)', () => {
    expect(view(read('schemas/screens/documents.yaml'), 1, 'failed').children).toEqual(parse(`
      - { widget: alert, status: error, text: documents.loadFailed }
      - { widget: button, text: errors.tryAgain, event: RETRY }`));
    // (profile settings: the contacts' flow is the body of the first card)
    const contacts = (read('schemas/screens/profile-settings.yaml') as { children: { children: unknown[] }[] }).children[1];
    expect(view(contacts, 0, 'failed').children).toEqual(parse(`
      - { widget: alert, status: error, error: $context.error }
      - { widget: button, text: errors.tryAgain, event: RETRY }`));
  });

  it('the message thread reads the same before and after a reply', () => {
    const screen = read('schemas/screens/message-thread.yaml');
    const ready = view(screen, 0, 'ready').children!;
    const sent = view(screen, 0, 'sent').children!;
    expect(sent.slice(0, 2)).toEqual(ready.slice(0, 2));
    expect(ready[0]).toMatchObject({ widget: 'page-header', title: 'messages.threadHeading', values: { subject: '$context.thread.subject' } });
    expect((sent[1] as { items: string }).items).toBe('$context.thread.messages');
  });

  it('a document offers download and preview in the folder and in search results', () => {
    const screen = read('schemas/screens/documents.yaml');
    // The first two items of the list holding the download.
    const row = (node: unknown): unknown[] | undefined => {
      if (Array.isArray(node)) {
        const at = node.findIndex((item) => (item as { widget?: string }).widget === 'file-download');
        return at >= 0 ? node.slice(at, at + 2) : node.map(row).find(Boolean);
      }
      return node && typeof node === 'object' ? Object.values(node).map(row).find(Boolean) : undefined;
    };
    expect(row(view(screen, 1, 'ready'))).toEqual(parse(`
      - { widget: file-download, operation: downloadDocument, params: { id: $context.associationId, docId: $item.id }, text: documents.downloadAction, label: documents.download, values: { name: $item.name }, fileName: $item.name }
      - { widget: link, text: documents.previewAction, label: documents.preview, values: { name: $item.name, a: $context.associationId, id: $item.id, code: $context.associationCode }, to: "/document/{{a}}/{{id}}/preview", when: $item.previewable }`));
    expect(row(view(screen, 1, 'showingResults'))).toEqual(row(view(screen, 1, 'ready')));
  });

  it('a machine that loads waits in failed until RETRY, and keeps other errors in ready', () => {
    const machine = read('flows/profile-contacts.machine.yaml') as { states: Record<string, { invoke?: { onError: unknown }; on?: unknown }> };
    expect(machine.states.loading.invoke!.onError).toEqual({ target: 'failed', actions: 'assignError' });
    expect(machine.states.failed).toEqual({ on: { RETRY: { target: 'loading', actions: 'clearError' } } });
    const requests = read('flows/requests.machine.yaml') as { states: Record<string, unknown> };
    expect(requests.states.failed).toEqual({ on: { RETRY: { target: 'opening', actions: 'clearError' } } });
    const consent = read('flows/payment-consent.machine.yaml') as { states: Record<string, { invoke?: { onError: unknown } }> };
    expect(consent.states.loading.invoke!.onError).toEqual({ target: 'ready', actions: 'assignError' });
  });

  it('an account page stops in noAccount without an account, in its place among the states', () => {
    const machine = read('flows/instant-payment.machine.yaml') as { states: Record<string, unknown> };
    expect(machine.states.checkingAccount).toEqual(parse(`
      always:
        - { guard: { type: noAccountSelected, params: { session: $session } }, target: noAccount }
        - { target: loadingOptions }`));
    expect(machine.states.noAccount).toEqual({});
    const names = Object.keys(machine.states);
    expect(names.indexOf('checkingAccount')).toBe(names.indexOf('loadingOptions') - 2);
  });

  it("an account page without an account says so, the same on every billing page (its flow's noAccount, or its own stack)", () => {
    const notice = parse(`
      - { widget: alert, status: info, text: billing.noAccountHere, values: { association: $session.selectedAssociation.name }, when: $session.accounts.length }
      - { widget: alert, status: info, text: billing.noAccountAnywhere, values: { association: $session.selectedAssociation.name }, unless: $session.accounts.length }`);
    for (const screen of ['make-payment', 'instant-payment', 'recurring-payments', 'manage-account', 'payment-consent', 'auto-draft']) {
      const flow = (read(`schemas/screens/${screen}.yaml`) as { children: unknown[] }).children.findIndex((child) => (child as Partial<Views>).views);
      expect(view(read(`schemas/screens/${screen}.yaml`), flow, 'noAccount').children, screen).toEqual(notice);
    }
    for (const screen of ['account-overview', 'account-history']) {
      // (the page header without an account is the other node shown then)
      const stack = (read(`schemas/screens/${screen}.yaml`) as { children: Array<{ widget?: string; unless?: string; children?: unknown[] }> }).children
        .find((child) => child.widget === 'stack' && child.unless === '$session.selectedProperty.accountNumber');
      expect(stack?.children, screen).toEqual(notice);
    }
  });

  it('the build serves a screen expanded and watches the fragment files it was made from', () => {
    const plugin = configPlugin({ root, features: 'all' }) as unknown as { load(id: string): string; buildEnd(this: { addWatchFile(path: string): void }): void };
    const module = plugin.load('\0virtual:engine-screen/documents');
    expect(module).not.toContain('$fragment');
    expect(module).toContain('"operation":"downloadDocument"');
    const watched: string[] = [];
    plugin.buildEnd.call({ addWatchFile: (path) => watched.push(path) });
    expect(watched).toEqual(expect.arrayContaining([
      join(root, 'schemas', 'screens', 'documents.yaml'),
      join(root, 'schemas', 'fragments', 'document-download.yaml'),
      join(root, 'schemas', 'fragments', 'try-again.yaml'),
      join(root, 'schemas', 'fragments', 'retry-button.yaml'),
    ]));
  });
});
