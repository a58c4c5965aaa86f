import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage } from '../support/flow-harness.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe('flow unit tests', () => {
  it('every machine of flows/ has its own test file here', () => {
    const machines = readdirSync(join(root, 'flows')).filter((name) => name.endsWith('.machine.yaml')).map((name) => name.replace('.machine.yaml', ''));
    expect(machines.length).toBeGreaterThan(0);
    expect(machines.filter((name) => !existsSync(join(import.meta.dirname, `${name}.test.ts`)))).toEqual([]);
  });

  it('the coverage check names the states and operation outcomes no run reached', async () => {
    const coverage = trackCoverage('request-account');
    const host = createFakeHost({ answers: { requestAccount: { id: 1 } } });
    const flow = runFlow('request-account', host, { coverage });
    flow.send({ type: 'SUBMIT', data: {} });
    await flow.settle();
    expect(coverage.missing()).toEqual(['requestAccount.sending onError']);
    expect(trackCoverage('login').missing()).toEqual(['no run of login was tracked']);
  });
});
