import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import { createFlowMachine } from '../../engine/core/flow/create-machine.ts';
import type { FlowEnvironment, OperationRequest } from '../../engine/core/flow/types.ts';
import { loadAllFlowModules } from '../../engine/core/flow/lazy-modules.ts';
import { flowCatalog } from '../../flows/registry.ts';

// Some machines use modules the browser fetches with them (the sign-in page's way in from a frame).
await loadAllFlowModules(flowCatalog);

const root = join(import.meta.dirname, '..', '..');
const machineDoc = (name: string) => readConfigData(root, join('flows', `${name}.machine.yaml`)).data;

/** A host whose operations answer from a table; records what the flow did. */
function host(answers: Record<string, (request: OperationRequest) => unknown>, now = 1_000_000) {
  const calls: { operationId: string; request: OperationRequest }[] = [];
  const navigations: string[] = [];
  const sessionEvents: unknown[] = [];
  let clock = now;
  const env: FlowEnvironment = {
    async call(operationId, request) {
      calls.push({ operationId, request });
      const answer = answers[operationId];
      if (!answer) throw new Error(`unexpected ${operationId}`);
      return answer(request);
    },
    navigate: (to) => navigations.push(to),
    toast: () => {},
    sendToSession: (event) => sessionEvents.push(event),
    scope: () => ({ query: {}, route: { clientId: 'summit' }, session: {}, site: {} }),
    setToken: () => {},
    getToken: () => null,
    clearStored: () => {},
    now: () => clock,
  };
  return { env, calls, navigations, sessionEvents, advance: (ms: number) => { clock += ms; } };
}

describe('login flow (flows/login.machine.yaml)', () => {
  it('signs in with a password: sends the credentials and the route company, tells the session, goes home', async () => {
    const h = host({ authenticate: () => ({ token: 't1', userId: 1 }) });
    const actor = createActor(createFlowMachine('login', machineDoc('login'), flowCatalog, h.env)).start();
    actor.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'secret1' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.calls[0]).toMatchObject({ operationId: 'authenticate', request: { body: { email: 'a@example.com', password: 'secret1', company: 'summit' }, suppressToast: true } });
    expect(h.sessionEvents).toEqual([{ type: 'LOGIN', token: 't1' }]);
    expect(h.navigations).toEqual(['/dashboard']);
  });

  it('never reads what a user typed as a binding', async () => {
    const h = host({ authenticate: () => ({ token: 't1', userId: 1 }) });
    const actor = createActor(createFlowMachine('login', machineDoc('login'), flowCatalog, h.env)).start();
    actor.send({ type: 'SUBMIT', data: { email: '$route.clientId', password: '$context.email' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.calls[0].request.body).toMatchObject({ email: '$route.clientId', password: '$context.email' });
    expect(actor.getSnapshot().context.email).toBe('$route.clientId');
  });

  it('keeps the error of a refused sign-in in context and stays on the password form', async () => {
    const h = host({ authenticate: () => { throw Object.assign(new Error('no'), { status: 401, body: { detail: 'Invalid', errorCode: 'AUTH001' } }); } });
    const actor = createActor(createFlowMachine('login', machineDoc('login'), flowCatalog, h.env)).start();
    actor.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'x' } });
    await waitFor(actor, (s) => s.matches('password') && Boolean(s.context.error));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'AUTH001', text: 'Invalid', status: 401 });
    expect(h.sessionEvents).toEqual([]);
  });

  it('code sign-in: resend is refused until the countdown has elapsed', async () => {
    const h = host({
      requestOneTimePassword: () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
      verifyOneTimePassword: () => ({ token: 't2', userId: 2 }),
    });
    const actor = createActor(createFlowMachine('login', machineDoc('login'), flowCatalog, h.env)).start();
    actor.send({ type: 'USE_CODE' });
    actor.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().matches('codeEntry')).toBe(true);
    expect(h.calls.filter((c) => c.operationId === 'requestOneTimePassword')).toHaveLength(1);
    h.advance(60_000);
    actor.send({ type: 'RESEND' });
    await waitFor(actor, (s) => s.matches('codeEntry') && h.calls.length === 2);
    actor.send({ type: 'SUBMIT', data: { code: '123456' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.calls.at(-1)).toMatchObject({ operationId: 'verifyOneTimePassword', request: { body: { email: 'b@example.com', code: '123456', purpose: 'login' } } });
  });
});

describe('forgot-login flow', () => {
  it('verifies the code, then sets the password with the reset token', async () => {
    const h = host({
      requestOneTimePassword: () => ({ resendAfterSeconds: 60 }),
      verifyOneTimePassword: () => ({ resetToken: 'r1' }),
      resetPassword: () => undefined,
    });
    const actor = createActor(createFlowMachine('forgot-login', machineDoc('forgot-login'), flowCatalog, h.env)).start();
    actor.send({ type: 'SUBMIT', data: { email: 'c@example.com' } });
    await waitFor(actor, (s) => s.matches('verifyCode'));
    actor.send({ type: 'SUBMIT', data: { code: '654321' } });
    await waitFor(actor, (s) => s.matches('newPassword'));
    actor.send({ type: 'SUBMIT', data: { password: 'Newpass1', confirmPassword: 'Newpass1' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.calls.at(-1)).toMatchObject({ operationId: 'resetPassword', request: { body: { email: 'c@example.com', resetToken: 'r1', password: 'Newpass1' } } });
    expect(actor.getSnapshot().context.resetToken).toBeNull();
  });
});
