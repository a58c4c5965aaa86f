// Every operation's handler by operationId. Boot fails when an operation in openapi/ has no
// handler here, or a handler here has no operation.
import type { HandlerMap } from './types.ts';
import { usersHandlers } from './users/index.ts';
import { paymentsHandlers } from './payments/index.ts';
import { guestPayHandlers } from './guest-pay/index.ts';
import { expressPayHandlers } from './express-pay/index.ts';

export function defaultHandlers(): HandlerMap {
  const groups: HandlerMap[] = [usersHandlers, paymentsHandlers, guestPayHandlers, expressPayHandlers];
  const all: HandlerMap = {};
  for (const group of groups) {
    for (const [id, handler] of Object.entries(group)) {
      if (all[id]) throw new Error(`Two handlers are named ${id}`);
      all[id] = handler;
    }
  }
  return all;
}
