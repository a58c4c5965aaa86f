import type { FlowModule, ToastRequest } from './types.ts';
import { sameSitePath } from '../paths.ts';

// Params arrive with their `$…` bindings already resolved (create-machine.ts resolves them once).

/** Reads what a failed operation said, for display: a message key (by error code) and the server's text. */
export function describeError(error: unknown): { code?: string; text: string; status?: number; fields?: string[]; fieldErrors?: Record<string, string> } {
  const failure = error as { status?: number; body?: Record<string, unknown>; message?: string } | undefined;
  const body = failure?.body ?? {};
  const text = [body.detail, body.message, body.title, failure?.message].find((v) => typeof v === 'string' && v) as string | undefined;
  // A server that names the fields at fault (`fields: { field: message }`) is more useful than its summary.
  // Kept by name too (`fieldErrors`), so that a form can show each message by its own field.
  const fieldErrors = body.fields && typeof body.fields === 'object' && !Array.isArray(body.fields)
    ? Object.fromEntries(Object.entries(body.fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
    : {};
  const fields = Object.values(fieldErrors);
  return {
    code: typeof body.errorCode === 'string' ? body.errorCode : undefined,
    text: text ?? '',
    status: failure?.status,
    ...(fields.length > 0 ? { fields, fieldErrors } : {}),
  };
}

/** The engine's own guards, actions and actors: the last module of every flow's lookup path. */
export const builtinFlowModule: FlowModule = {
  guards: {
    always: () => true,
    hasError: ({ context }) => Boolean(context.error),
    countdownElapsed: ({ context }, params, env) => Number(context[String(params.field ?? 'resendAt')] ?? 0) <= env.now(),
    isSet: (_args, params) => Boolean(params.value),
  },
  assigns: {
    assign: (_args, params) => params,
    assignError: ({ event }) => ({ error: describeError(event.error) }),
    clearError: () => ({ error: null }),
    startCountdown: (_args, params, env) => {
      const seconds = Number(params.seconds ?? 60);
      return { [String(params.field ?? 'resendAt')]: env.now() + seconds * 1000 };
    },
  },
  effects: {
    // Only to paths of this site: a target read from the query (a return address) is never another origin.
    navigate: (_args, params, env) => {
      const target = sameSitePath(params.to) ?? sameSitePath(params.fallback);
      // `reload: true` loads the page afresh: what this page holds in memory (its session) is left behind.
      if (target) env.navigate(target, params.reload === true ? { reload: true } : undefined);
    },
    toast: (_args, params, env) => { env.toast(params as unknown as ToastRequest); },
    notifySession: (_args, params, env) => { env.sendToSession(params as { type: string }); },
    // `tab: true` keeps the token for this tab only (the slot's tabKey in api.yaml).
    storeToken: (_args, params, env) => {
      env.setToken(String(params.slot), (params.value as string | null | undefined) ?? null, params.tab === true ? { tab: true } : undefined);
    },
    clearTokens: (_args, params, env) => {
      for (const slot of (params.slots as string[]) ?? []) env.setToken(slot, null);
    },
    clearStored: (_args, params, env) => { env.clearStored(params.storage === 'local' ? 'local' : 'session', String(params.key)); },
  },
  actors: {
    operation: (input, env) => {
      const { operationId, params, query, body, suppressToast, idempotencyKey } = input as Record<string, never>;
      return env.call(operationId, { params, query, body, suppressToast, idempotencyKey });
    },
  },
};
