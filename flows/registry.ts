import type { FlowImplementations } from '../engine/core/flow/types.ts';
import { expressPayFlow } from './express-pay.ts';
import { formatters } from './formatters.ts';
import { guestPaymentFlow } from './guest-payment.ts';
import { instantPaymentFlow } from './instant-payment.ts';
import { makePaymentFlow } from './make-payment.ts';
import { sessionFlow } from './session.ts';

// The product's browser-side behaviour, by name, for the engine's registry.
// Machines in flows/*.machine.yaml name these; `npm run check` rejects names missing here and in the engine.
export const flowRegistry: Required<FlowImplementations> = {
  guards: { ...sessionFlow.guards, ...guestPaymentFlow.guards, ...makePaymentFlow.guards, ...expressPayFlow.guards, ...instantPaymentFlow.guards },
  actions: { ...sessionFlow.actions, ...guestPaymentFlow.actions, ...makePaymentFlow.actions, ...expressPayFlow.actions, ...instantPaymentFlow.actions },
  actors: { ...sessionFlow.actors, ...guestPaymentFlow.actors },
  formatters,
};
