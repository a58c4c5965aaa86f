import { buildRegistry, type EngineExtension } from '../engine/core/registry.ts';
import { engineBuiltins } from '../engine/react/builtins.ts';
import { expressPayFlow } from './express-pay.ts';
import { formatters } from './formatters.ts';
import { guestPaymentFlow } from './guest-payment.ts';
import { instantPaymentFlow } from './instant-payment.ts';
import { makePaymentFlow } from './make-payment.ts';
import { sessionFlow } from './session.ts';

// The product's additions to the engine's registry, module by module: browser-side behaviour named
// by flows/*.machine.yaml (guards, actions, actors), formatters named by screens and grids, and any
// widgets or shells of the product's own. A name may be defined once, here or in the engine:
// `npm run check` rejects a clash, and names used by configuration that are defined nowhere.
export const productModules: Record<string, EngineExtension> = {
  session: sessionFlow,
  'guest-payment': guestPaymentFlow,
  'make-payment': makePaymentFlow,
  'express-pay': expressPayFlow,
  'instant-payment': instantPaymentFlow,
  formatters: { formatters },
};

/** Every flow implementation, the engine's and the product's, as the running portal sees them. */
export const flowRegistry = buildRegistry(engineBuiltins, productModules).registry.flows;
