import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import { createFlowMachine } from '../../engine/core/flow/create-machine.ts';
import type { FlowEnvironment, OperationRequest } from '../../engine/core/flow/types.ts';
import { loadAllFlowModules } from '../../engine/core/flow/lazy-modules.ts';
import { flowCatalog } from '../../flows/registry.ts';

// The browser fetches the guest payment's module with its machine; the test loads it up front.
await loadAllFlowModules(flowCatalog);

// Which association brands the guest payment page (flows/guest-payment.machine.yaml).

const doc = readConfigData(join(import.meta.dirname, '..', '..'), 'flows/guest-payment.machine.yaml').data;

const configuration = (code: string, name: string, designTemplate: string) => ({
  association: { id: 1, code, name, logoUrl: null, designTemplate },
  acceptsCard: true, acceptsBank: true, largeAmountThresholdCents: 200000, largeAmountFeeBasisPoints: 100, fees: [],
});
const maple = configuration('maplegrove', 'Maple Grove HOA', 'Evergreen');
const account = { accountNumber: '100234', associationName: 'Maple Grove HOA', address: '412 Maple Grove Lane', balanceCents: 100, subLedgers: [] };
const failure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status, body: {} });

function host(query: Record<string, string>, answers: Record<string, (request: OperationRequest) => unknown>) {
  const calls: { operationId: string; request: OperationRequest }[] = [];
  const sessionEvents: unknown[] = [];
  const tokens = new Map<string, string | null>();
  const env: FlowEnvironment = {
    async call(operationId, request) {
      calls.push({ operationId, request });
      const answer = answers[operationId];
      if (!answer) throw new Error(`unexpected ${operationId}`);
      return answer(request);
    },
    navigate: () => {},
    toast: () => {},
    sendToSession: (event) => sessionEvents.push(event),
    scope: () => ({ query, route: {}, session: {}, site: {} }),
    setToken: (slot, value) => { tokens.set(slot, value); },
    getToken: (slot) => tokens.get(slot) ?? null,
    clearStored: () => {},
    now: () => 0,
  };
  return { env, calls, sessionEvents };
}

const start = (h: ReturnType<typeof host>) => createActor(createFlowMachine('guest-payment', doc, flowCatalog, h.env)).start();
const submit = { type: 'SUBMIT', data: { accountNumber: '100234', email: 'g@example.com', zip: '30301' } };

describe('guest payment branding', () => {
  it('an unknown association code is noted, unbranded, and not sent with the account', async () => {
    const h = host({ association: 'nosuch' }, {
      getGuestConfiguration: () => { throw failure(404); },
      createGuestSession: () => ({ token: 'g1', account, configuration: maple }),
      getGuestAccount: () => account,
    });
    const actor = start(h);
    await waitFor(actor, (s) => s.matches('entry'));
    expect(actor.getSnapshot().context).toMatchObject({ unknownAssociation: 'nosuch', configuration: null });
    expect(h.sessionEvents).toEqual([{ type: 'UNBRAND' }]);

    actor.send(submit);
    await waitFor(actor, (s) => s.matches('wizard'));
    const body = h.calls.find((c) => c.operationId === 'createGuestSession')?.request.body as Record<string, unknown>;
    expect(body.associationCode).toBeUndefined();
    expect(actor.getSnapshot().context.unknownAssociation).toBeNull();
    expect(h.sessionEvents.at(-1)).toEqual({ type: 'BRAND', theme: 'Evergreen' });
  });

  it('a failed look-up for another reason does not call the code unknown', async () => {
    const h = host({ association: 'maplegrove' }, { getGuestConfiguration: () => { throw failure(503); } });
    const actor = start(h);
    await waitFor(actor, (s) => s.matches('entry'));
    expect(actor.getSnapshot().context).toMatchObject({ unknownAssociation: null, configuration: null });
    expect(h.sessionEvents).toEqual([{ type: 'UNBRAND' }]);
  });

  it("a known code brands the page and is sent with the account; 'Not your account?' drops the account's brand", async () => {
    const h = host({ association: 'maplegrove' }, {
      getGuestConfiguration: () => maple,
      createGuestSession: () => ({ token: 'g1', account, configuration: maple }),
      getGuestAccount: () => account,
    });
    const actor = start(h);
    await waitFor(actor, (s) => s.matches('entry'));
    expect(h.sessionEvents).toEqual([{ type: 'BRAND', theme: 'Evergreen' }]);
    actor.send(submit);
    await waitFor(actor, (s) => s.matches('wizard'));
    expect(h.calls.find((c) => c.operationId === 'createGuestSession')?.request.body).toMatchObject({ associationCode: 'maplegrove' });

    // The link still names Maple Grove: its brand is looked up again, not kept from the account.
    actor.send({ type: 'CLEAR' });
    await waitFor(actor, (s) => s.matches('entry'));
    expect(h.calls.filter((c) => c.operationId === 'getGuestConfiguration')).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ account: null, configuration: maple });
  });

  it("without an association in the link, 'Not your account?' leaves the page unbranded", async () => {
    const h = host({}, {
      createGuestSession: () => ({ token: 'g1', account, configuration: maple }),
      getGuestAccount: () => account,
    });
    const actor = start(h);
    await waitFor(actor, (s) => s.matches('entry'));
    actor.send(submit);
    await waitFor(actor, (s) => s.matches('wizard'));
    actor.send({ type: 'CLEAR' });
    await waitFor(actor, (s) => s.matches('entry'));
    expect(actor.getSnapshot().context).toMatchObject({ account: null, configuration: null });
    expect(h.sessionEvents).toEqual([{ type: 'UNBRAND' }, { type: 'BRAND', theme: 'Evergreen' }, { type: 'UNBRAND' }]);
    expect(h.env.getToken('guestPay')).toBeNull();
  });
});
