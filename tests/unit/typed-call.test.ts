// Operations called from TypeScript are checked against openapi/: the @ts-expect-error lines are
// what tsc must refuse (`npm run typecheck` fails when one of them starts to compile), the
// assertions what the typed call hands to the engine's untyped one.
import { describe, expect, it } from 'vitest';
import { apiCall, type ResponseOf } from '../../flows/api.ts';
import type { OperationRequest } from '../../engine/core/flow/types.ts';

function recordingEnv(answer: unknown) {
  const calls: { operationId: string; request: OperationRequest }[] = [];
  return {
    calls,
    call: async (operationId: string, request: OperationRequest) => {
      calls.push({ operationId, request });
      return answer;
    },
  };
}

describe('typed operation calls', () => {
  it("pass the operationId and request through to the environment's call unchanged", async () => {
    const env = recordingEnv({ associationId: 2, acceptsCard: true, acceptsBank: false, providerConnected: true, largeAmountThresholdCents: 200_000, largeAmountFeeBasisPoints: 0, fees: [] });
    const options: ResponseOf<'getPaymentOptions'> = await apiCall(env)('getPaymentOptions', { params: { id: 2 }, suppressToast: true });
    expect(options.acceptsCard).toBe(true);
    expect(env.calls).toEqual([{ operationId: 'getPaymentOptions', request: { params: { id: 2 }, suppressToast: true } }]);
  });

  it('send an empty request when an operation needs none', async () => {
    const env = recordingEnv({ accounts: [] });
    await apiCall(env)('getAccounts');
    expect(env.calls).toEqual([{ operationId: 'getAccounts', request: {} }]);
  });

  it('are refused by tsc when they do not match the contract', async () => {
    const call = apiCall(recordingEnv(undefined));
    const refused = [
      // @ts-expect-error an operationId openapi/ does not declare
      () => call('deleteEverything'),
      // @ts-expect-error a path parameter of the wrong type (id is an integer)
      () => call('getPaymentOptions', { params: { id: 'two' } }),
      // @ts-expect-error a required path parameter left out
      () => call('getPaymentOptions', {}),
      // @ts-expect-error path parameters for an operation without any
      () => call('getAccounts', { params: { id: 1 } }),
      // @ts-expect-error a query parameter the operation does not take
      () => call('getAccounts', { query: { everything: true } }),
      // @ts-expect-error a body for an operation that takes none
      () => call('getAccounts', { body: { accounts: [] } }),
      // @ts-expect-error a required body left out
      () => call('authenticate', {}),
      // @ts-expect-error a body field of the wrong type
      () => call('authenticate', { body: { email: 'a@example.org', password: 1 } }),
    ];
    expect(refused).toHaveLength(8);
    // @ts-expect-error the answer has no such field
    const unknownField = async () => (await call('getAccounts')).balance;
    expect(typeof unknownField).toBe('function');
  });
});
