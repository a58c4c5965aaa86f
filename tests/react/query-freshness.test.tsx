// Reads stay fresh after writes: `alwaysRefetch` reads are fetched again whenever a widget shows them,
// and a write declared in `queries.invalidates` refetches the reads on screen (data, grid, repeat
// widgets) and makes flows read them afresh. The widgets and flows share one cache key per request.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as waitForActor } from 'xstate';
import { createFlowMachine } from '../../engine/core/flow/create-machine.ts';
import type { FlowDocument } from '../../engine/core/flow/types.ts';
import { loadInvalidates } from '../../engine/react/app/operation-queries.ts';
import { flowCatalog } from '../../flows/registry.ts';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const CHARGES = 'GET /api/payments/Charge';
const LEDGER = 'GET /api/payments/Ledger';
const CONFIRM = 'PUT /api/payments/Payment/Setup/p1/Confirm';

/** A store the fake API reads from: a confirmed payment adds a row. */
function world() {
  const rows: { id: number; description: string; amountCents: number }[] = [{ id: 1, description: 'First row', amountCents: 100 }];
  const api = fakeApi({
    [CHARGES]: () => ({ count: rows.length, charges: rows.map((r) => ({ description: r.description, amountCents: r.amountCents })) }),
    [LEDGER]: () => ({ count: rows.length, entries: rows.map((r) => ({ id: r.id, date: '2026-01-0' + r.id, description: r.description, amountCents: r.amountCents })) }),
    [CONFIRM]: () => {
      rows.push({ id: rows.length + 1, description: `Row ${rows.length + 1}`, amountCents: 500 });
      return { ok: true };
    },
  });
  return { rows, api };
}

const messages = { 'test.rows': 'Rows: {{count}}', 'test.row': 'Row: {{text}}', 'test.grid': 'Test grid' };

/** Shows how many rows a read returned, through a `data` widget. */
function dataNode(operation: string, query: Record<string, unknown> = { accountNumber: '1' }) {
  return {
    widget: 'data', operation, query, as: 'read',
    children: [{ widget: 'text', text: 'test.rows', values: { count: '$data.read.count' } }],
  };
}

/** Sends the write the flows send when a payment is confirmed. */
async function confirmPayment(runtime: ReturnType<typeof makeRuntime>['runtime']) {
  await act(async () => { await runtime.environment().call('confirmPayment', { params: { id: 'p1' }, body: {} }); });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('data widget', () => {
  it('refetches a read on screen when a write that invalidates it succeeds', async () => {
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getCharges'] } }, messages));
    await renderNodes(runtime, translator, [dataNode('getCharges')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await confirmPayment(runtime);
    expect(await screen.findByText('Rows: 2')).toBeTruthy();
    expect(api.count('GET', '/api/payments/Charge')).toBe(2);
  });

  it('refetches after a write refused as a conflict (someone changed it first), not after other refusals', async () => {
    let refusal = 409;
    let count = 1;
    const api = fakeApi({
      [CHARGES]: () => ({ count, charges: [] }),
      [CONFIRM]: () => {
        count += 1; // what another user did meanwhile
        return new Response(JSON.stringify({ detail: 'Changed meanwhile' }), { status: refusal, headers: { 'content-type': 'application/json' } });
      },
    });
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getCharges'] } }, messages));
    await renderNodes(runtime, translator, [dataNode('getCharges')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await act(async () => { await expect(runtime.environment().call('confirmPayment', { params: { id: 'p1' }, body: {} })).rejects.toMatchObject({ status: 409 }); });
    expect(await screen.findByText('Rows: 2')).toBeTruthy();
    refusal = 400;
    await act(async () => { await expect(runtime.environment().call('confirmPayment', { params: { id: 'p1' }, body: {} })).rejects.toMatchObject({ status: 400 }); });
    expect(screen.getByText('Rows: 2')).toBeTruthy();
    expect(api.count('GET', '/api/payments/Charge')).toBe(2);
  });

  it('without an invalidation a cached read is served from the cache', async () => {
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: {} }, messages));
    const first = await renderNodes(runtime, translator, [dataNode('getCharges')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await confirmPayment(runtime);
    first.unmount();
    await renderNodes(runtime, translator, [dataNode('getCharges')]);
    // Stale for the user (two rows on the server), as long as nothing declares the write makes it stale.
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    expect(api.count('GET', '/api/payments/Charge')).toBe(1);
  });

  it('fetches an alwaysRefetch read again each time it is shown, even within the cache time', async () => {
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: ['getLedger'], alwaysRefetchSharedMs: 0, invalidates: {} }, messages));
    const first = await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await confirmPayment(runtime);
    first.unmount();
    await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 2')).toBeTruthy();
    expect(api.count('GET', '/api/payments/Ledger')).toBe(2);
  });
});

describe('an alwaysRefetch answer shared for alwaysRefetchSharedMs', () => {
  /** The clock TanStack Query stamps answers and judges their age by, moved on by hand. */
  function movableClock() {
    let offset = 0;
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
    return { advance(ms: number) { offset += ms; } };
  }

  it('a widget that starts showing the read within the time shows the answer already there; later ones fetch it again', async () => {
    const clock = movableClock();
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: ['getLedger'], alwaysRefetchSharedMs: 2000, invalidates: {} }, messages));
    const first = await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    // What the frame does on the dashboard: a second reader of the same list appears just after the answer.
    const second = await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findAllByText('Rows: 1')).toHaveLength(2);
    expect(api.count('GET', '/api/payments/Ledger')).toBe(1);
    second.unmount();
    first.unmount();
    // Past the time the answer is old: shown again, it is fetched again.
    clock.advance(2001);
    await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await vi.waitFor(() => { expect(api.count('GET', '/api/payments/Ledger')).toBe(2); });
  });

  it('a flow reads it afresh however recent the widgets\' answer (what it reads decides what it does)', async () => {
    const { api, rows } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: ['getLedger'], alwaysRefetchSharedMs: 60_000, invalidates: {} }, messages));
    await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    rows.push({ id: 2, description: 'Added elsewhere', amountCents: 1 });
    const answer = await act(() => runtime.environment().call('getLedger', { query: { accountNumber: '1' } }));
    expect(answer).toMatchObject({ count: 2 });
    expect(api.count('GET', '/api/payments/Ledger')).toBe(2);
  });

  it('the project shares them for 2 s', () => {
    expect(projectConfig({}).api.queries.alwaysRefetchSharedMs).toBe(2000);
  });
});

describe('grid and repeat widgets', () => {
  it('a grid reading an operation shows the new row after an invalidating write', async () => {
    world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getLedger'] } }, messages));
    await renderNodes(runtime, translator, [{
      widget: 'grid', grid: 'account-history', caption: 'test.grid', layout: false,
      source: { operation: 'getLedger', query: { accountNumber: '1' }, rows: 'entries' },
    }]);
    // The grid library is a chunk of its own, slow to load the first time on a busy machine.
    expect(await screen.findByText('First row', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Row 2')).toBeNull();
    await confirmPayment(runtime);
    expect(await screen.findByText('Row 2')).toBeTruthy();
  }, 30_000);

  it('a repeat reading an operation shows the new row after an invalidating write', async () => {
    world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getLedger'] } }, messages));
    await renderNodes(runtime, translator, [{
      widget: 'repeat', label: 'test.grid',
      source: { operation: 'getLedger', query: { accountNumber: '1' }, rows: 'entries' },
      children: [{ widget: 'text', text: 'test.row', values: { text: '$item.description' } }],
    }]);
    expect(await screen.findByText('Row: First row')).toBeTruthy();
    await confirmPayment(runtime);
    expect(await screen.findByText('Row: Row 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

/** Reads, waits for PAY, confirms a payment, reads again: what flows on the payment screens do. */
const payAndReread: FlowDocument = {
  id: 'payAndReread',
  context: { before: null, after: null },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'operation', input: { operationId: 'getCharges', query: { accountNumber: '1' } },
        onDone: { target: 'idle', actions: [{ type: 'assign', params: { before: '$event.output.count' } }] },
      },
    },
    idle: { on: { PAY: 'paying' } },
    paying: {
      invoke: { src: 'operation', input: { operationId: 'confirmPayment', params: { id: 'p1' }, body: {} }, onDone: 'rereading' },
    },
    rereading: {
      invoke: {
        src: 'operation', input: { operationId: 'getCharges', query: { accountNumber: '1' } },
        onDone: { target: 'done', actions: [{ type: 'assign', params: { after: '$event.output.count' } }] },
      },
    },
    done: { type: 'final' },
  },
};

describe('flows calling operations', () => {
  it('a flow reads afresh what its own write invalidated, and the widgets on screen follow', async () => {
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getCharges'] } }, messages));
    await renderNodes(runtime, translator, [dataNode('getCharges')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    const actor = createActor(createFlowMachine('pay-and-reread', payAndReread, flowCatalog, runtime.environment())).start();
    await waitForActor(actor, (s) => s.value === 'idle');
    // The flow's first read shares the widget's cache entry: no second request.
    expect(api.count('GET', '/api/payments/Charge')).toBe(1);
    actor.send({ type: 'PAY' });
    await act(async () => { await waitForActor(actor, (s) => s.status === 'done'); });
    expect(actor.getSnapshot().context).toMatchObject({ before: 1, after: 2 });
    expect(await screen.findByText('Rows: 2')).toBeTruthy();
  });

  it('without the declaration the flow gets the cached answer', async () => {
    world();
    const { runtime } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: {} }, messages));
    const actor = createActor(createFlowMachine('pay-and-reread', payAndReread, flowCatalog, runtime.environment())).start();
    await waitForActor(actor, (s) => s.value === 'idle');
    actor.send({ type: 'PAY' });
    await waitForActor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context).toMatchObject({ before: 1, after: 1 });
  });

  it('a failed write invalidates nothing', async () => {
    const { api } = world();
    const { runtime } = makeRuntime(projectConfig({ alwaysRefetch: [], invalidates: { confirmPayment: ['getCharges'] } }, messages));
    const env = runtime.environment();
    await env.call('getCharges', { query: { accountNumber: '1' } });
    await expect(env.call('confirmPayment', { params: { id: 'unknown' }, body: {}, suppressToast: true })).rejects.toThrow();
    await env.call('getCharges', { query: { accountNumber: '1' } });
    expect(api.count('GET', '/api/payments/Charge')).toBe(1);
  });
});

it('the project declares that a confirmed payment refreshes the ledger and the payments list', async () => {
  const { invalidates, alwaysRefetch } = projectConfig({}).api.queries;
  // A build's configuration leaves the table to its own chunk, fetched with the first write.
  expect(invalidates).toBeUndefined();
  expect((await loadInvalidates()).confirmPayment).toEqual(expect.arrayContaining(['getLedger', 'listPayments', 'getAccounts']));
  expect(alwaysRefetch).toEqual(expect.arrayContaining(['getLedger', 'listPayments']));
});

describe('a configuration without the table (a build\'s)', () => {
  it('refetches the reads on screen by the project\'s own table', async () => {
    const { api } = world();
    const { runtime, translator } = makeRuntime(projectConfig({ alwaysRefetch: [] }, messages));
    await renderNodes(runtime, translator, [dataNode('getLedger')]);
    expect(await screen.findByText('Rows: 1')).toBeTruthy();
    await confirmPayment(runtime);
    expect(await screen.findByText('Rows: 2')).toBeTruthy();
    expect(api.count('GET', '/api/payments/Ledger')).toBe(2);
  });

  it('has the reads marked stale before the write returns: the flow\'s next read asks the server', async () => {
    world();
    const { runtime } = makeRuntime(projectConfig({ alwaysRefetch: [] }, messages));
    const env = runtime.environment();
    expect(await env.call('getLedger', { query: { accountNumber: '1' } })).toMatchObject({ count: 1 });
    await env.call('confirmPayment', { params: { id: 'p1' }, body: {} });
    expect(await env.call('getLedger', { query: { accountNumber: '1' } })).toMatchObject({ count: 2 });
  });
});
