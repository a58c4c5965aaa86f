// The engine's own texts (engine/core/default-messages.ts): a grid whose product catalogue lacks the
// layout buttons' texts shows the engine's, not the raw keys; a product text still wins.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const LEDGER = 'GET /api/payments/Ledger';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The product's configuration as the build hands it over, without `removed` in its catalogue. */
function configWithout(removed: string[], added: Record<string, string> = {}) {
  const config = projectConfig({}, { 'test.grid': 'Test grid', ...added });
  for (const key of removed) delete config.messages[key];
  return config;
}

async function renderGrid(config: ReturnType<typeof configWithout>) {
  fakeApi({ [LEDGER]: () => ({ count: 1, entries: [{ id: 1, date: '2026-01-01', description: 'First row', amountCents: 100 }] }) });
  const { runtime, translator } = makeRuntime(config);
  await renderNodes(runtime, translator, [{
    widget: 'grid', grid: 'account-history', caption: 'test.grid',
    source: { operation: 'getLedger', query: { accountNumber: '1' }, rows: 'entries' },
  }]);
}

describe("the engine's default texts", () => {
  it("shows the engine's text for a grid's save button the catalogue does not have", async () => {
    await renderGrid(configWithout(['grid.save', 'grid.layoutLabel']));
    // The grid library is a chunk of its own, slow to load the first time on a busy machine.
    expect(await screen.findByRole('button', { name: 'Save layout' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Column layout' })).toBeTruthy();
    expect(screen.queryByText('grid.save')).toBeNull();
  }, 30_000);

  it("shows the product's own text over the engine's", async () => {
    await renderGrid(configWithout([], { 'grid.save': 'Keep these columns' }));
    expect(await screen.findByRole('button', { name: 'Keep these columns' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save layout' })).toBeNull();
  }, 30_000);
});
