// Generated client functions bound to a target (transport and token), so a call names only what
// the contract asks for: `payments.getAccounts()`, `guestPay.createGuestPayment(body, { headers })`.
import { operations } from '../../../generated/operations.ts';
import type { ApiOptions, ApiTarget } from './fetch.ts';

type ClientFunction = (...args: never[]) => Promise<unknown>;

/** The operation functions of a generated client module (named by operationId; not its URL helpers or enums). */
export type OperationsOf<Module> = { [K in keyof Module & keyof typeof operations]: Module[K] };

/**
 * Every operation function of `module` (a generated/clients/<group>.ts), with the target merged
 * into its last parameter, the options. The functions keep their generated types.
 */
export function boundClient<Module extends object>(module: Module, target: ApiTarget): OperationsOf<Module> {
  const bound: Record<string, ClientFunction> = {};
  for (const [name, value] of Object.entries(module)) {
    if (!(name in operations) || typeof value !== 'function') continue;
    const fn = value as (...args: unknown[]) => Promise<unknown>;
    // orval's functions take (path params..., query or body..., options?): options come last,
    // so the call's own arguments are padded up to them.
    const optionsAt = fn.length - 1;
    bound[name] = ((...args: unknown[]) => {
      if (args.length > fn.length) throw new Error(`${name}: ${args.length} arguments for ${fn.length} parameters`);
      const padded = Array.from({ length: fn.length }, (_, i) => args[i]);
      padded[optionsAt] = { ...(padded[optionsAt] as ApiOptions | undefined), api: target } satisfies ApiOptions;
      return fn(...padded);
    }) as ClientFunction;
  }
  return bound as OperationsOf<Module>;
}
