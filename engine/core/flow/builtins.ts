import { resolveBindings } from '../bindings.ts';
import type { FlowArgs, FlowEnvironment, FlowImplementations, ToastRequest } from './types.ts';

function scopeFor(args: FlowArgs, env: FlowEnvironment) {
  return { ...env.scope(), context: args.context, event: args.event };
}

/** Reads what a failed operation said, for display: a message key (by error code) and the server's text. */
export function describeError(error: unknown): { code?: string; text: string; status?: number } {
  const failure = error as { status?: number; body?: Record<string, unknown>; message?: string } | undefined;
  const body = failure?.body ?? {};
  const text = [body.detail, body.message, body.title, failure?.message].find((v) => typeof v === 'string' && v) as string | undefined;
  return { code: typeof body.errorCode === 'string' ? body.errorCode : undefined, text: text ?? '', status: failure?.status };
}

export const builtinFlowImplementations: FlowImplementations = {
  guards: {
    always: () => true,
    hasError: ({ context }) => Boolean(context.error),
    countdownElapsed: ({ context }, params, env) => Number(context[String(params.field ?? 'resendAt')] ?? 0) <= env.now(),
    isSet: (args, params, env) => Boolean(resolveBindings(params.value, scopeFor(args, env))),
  },
  actions: {
    assign: (args, params, env) => resolveBindings(params, scopeFor(args, env)),
    assignError: ({ event }) => ({ error: describeError(event.error) }),
    clearError: () => ({ error: null }),
    startCountdown: (args, params, env) => {
      const seconds = Number(resolveBindings(params.seconds, scopeFor(args, env)) ?? 60);
      return { [String(params.field ?? 'resendAt')]: env.now() + seconds * 1000 };
    },
    navigate: (args, params, env) => {
      const to = resolveBindings<string | undefined>(params.to, scopeFor(args, env));
      const fallback = resolveBindings<string | undefined>(params.fallback, scopeFor(args, env));
      const target = to || fallback;
      if (target) env.navigate(target);
    },
    toast: (args, params, env) => env.toast(resolveBindings<ToastRequest>(params, scopeFor(args, env))),
    notifySession: (args, params, env) => env.sendToSession(resolveBindings(params, scopeFor(args, env))),
    storeToken: (args, params, env) => {
      env.setToken(String(params.slot), resolveBindings<string | null>(params.value, scopeFor(args, env)) ?? null);
    },
    clearTokens: (_args, params, env) => {
      for (const slot of (params.slots as string[]) ?? []) env.setToken(slot, null);
    },
    clearStored: (_args, params, env) => env.clearStored(params.storage === 'local' ? 'local' : 'session', String(params.key)),
  },
  actors: {
    operation: (input, env) => {
      const { operationId, params, query, body, suppressToast } = input as Record<string, never>;
      return env.call(operationId, { params, query, body, suppressToast });
    },
  },
};
