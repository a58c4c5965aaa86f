// Every operation's handler by operationId. tsc checks that every operation in openapi/ has exactly
// one handler typed by its operation (OperationHandlers); boot checks it again against the YAML.
import { asHandlerMap, type HandlerMap, type OperationHandlers } from './types.ts';
import { usersHandlers } from './users/index.ts';
import { paymentsHandlers } from './payments/index.ts';
import { guestPayHandlers } from './guest-pay/index.ts';
import { expressPayHandlers } from './express-pay/index.ts';
import { actionItemsHandlers } from './action-items/index.ts';
import { associationsHandlers } from './associations/index.ts';
import { managementHandlers } from './management/index.ts';
import { settingsHandlers } from './settings/index.ts';

export function defaultHandlers(): HandlerMap {
  const all: OperationHandlers = {
    ...usersHandlers,
    ...paymentsHandlers,
    ...guestPayHandlers,
    ...expressPayHandlers,
    ...actionItemsHandlers,
    ...associationsHandlers,
    ...managementHandlers,
    ...settingsHandlers,
  };
  return { ...asHandlerMap(all) };
}
