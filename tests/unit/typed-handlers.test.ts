// Server handlers are typed by their operation: the @ts-expect-error lines are what tsc must refuse
// (`npm run typecheck` fails when one of them starts to compile).
import { describe, expect, it } from 'vitest';
import { asHandlerMap, type OperationHandler, type OperationHandlers } from '../../server/handlers/types.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';

describe('typed handlers', () => {
  it('take their operation’s params, query and body, and answer its declared statuses and bodies', () => {
    const fine: OperationHandler<'getPaymentOptions'> = async (req) => {
      const id: number = req.params.id;
      return { status: 404, body: { status: 404, title: 'Not Found', detail: `No association ${id}` } };
    };
    // @ts-expect-error a status the operation does not declare
    const undeclared: OperationHandler<'getPaymentOptions'> = async () => ({ status: 418, body: {} });
    // @ts-expect-error a success body missing the contract's fields
    const incomplete: OperationHandler<'getPaymentOptions'> = async () => ({ status: 200, body: { acceptsCard: true } });
    const wrongParam: OperationHandler<'getPaymentOptions'> = async (req) => {
      // @ts-expect-error the path parameter is an integer
      const id: string = req.params.id;
      return { status: 404, body: { status: 404, title: 'Not Found', detail: id } };
    };
    const wrongBody: OperationHandler<'authenticate'> = async (req) => {
      // @ts-expect-error authenticate's body has no such field
      const field = req.body.accountNumber;
      return { status: 400, body: { status: 400, title: 'Bad Request', detail: String(field) } };
    };
    const noContent: OperationHandler<'cancelFuturePayment'> = async () => ({ status: 204 });
    expect([fine, undeclared, incomplete, wrongParam, wrongBody, noContent].every((h) => typeof h === 'function')).toBe(true);
  });

  it('cover every operation, one handler each', () => {
    // @ts-expect-error a map without its handlers is not OperationHandlers
    const missing: OperationHandlers = { cancelFuturePayment: async () => ({ status: 204 }) };
    expect(asHandlerMap(missing)).toBe(missing);
    const handlers = defaultHandlers();
    expect(Object.values(handlers).every((handler) => typeof handler === 'function')).toBe(true);
    expect(Object.keys(handlers)).toContain('getPaymentOptions');
  });
});
