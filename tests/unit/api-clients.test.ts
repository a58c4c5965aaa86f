// The generated clients (generated/clients/, orval) through their one fetch layer
// (tests/support/api/): the address, method, token, headers and body each call sends, and the
// answer as `{ status, data, headers }`.
import { describe, expect, it } from 'vitest';
import { apiClients, type ApiTransport } from '../support/api/clients.ts';

function recordingTransport(status = 200, text = '{"ok":true}') {
  const sent: Parameters<ApiTransport>[0][] = [];
  const transport: ApiTransport = async (request) => {
    sent.push(request);
    return { status, headers: new Headers({ 'content-type': 'application/json' }), text };
  };
  return { sent, transport };
}

describe('generated API clients', () => {
  it('send path parameters, query, the bearer token and a JSON body to the operation’s address', async () => {
    const { sent, transport } = recordingTransport();
    const api = apiClients(transport, 'user-token');
    await api.payments.getPaymentOptions(2);
    await api.payments.getAccounts({ portalEnabled: true });
    await api.guestPay.createGuestPayment({ subLedgerId: 7, amountCents: 1250, methodKind: 'card' }, { headers: { 'idempotency-key': 'k1' } });
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/payments/Association/2/PaymentOption',
      'GET /api/payments/Account?portalEnabled=true',
      'POST /api/guest-pay/payment',
    ]);
    expect(sent[0].headers.authorization).toBe('Bearer user-token');
    expect(sent[2].headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'k1', authorization: 'Bearer user-token' });
    expect(JSON.parse(sent[2].body ?? '')).toEqual({ subLedgerId: 7, amountCents: 1250, methodKind: 'card' });
  });

  it('sends no content type when an optional body is left out', async () => {
    const { sent, transport } = recordingTransport();
    await apiClients(transport, 'user-token').payments.confirmPayment('pay_1');
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/payments/Payment/Setup/pay_1/Confirm', body: undefined });
    expect(sent[0].headers['content-type']).toBeUndefined();
  });

  it("lets one call use another token or none, and pass the caller's address", async () => {
    const { sent, transport } = recordingTransport();
    const api = apiClients(transport, 'user-token');
    await api.users.getUser(5, { token: 'other-token', ip: '10.0.0.9' });
    await api.guestPay.getGuestConfiguration({ associationCode: 'maplegrove' }, { token: null });
    expect(sent[0]).toMatchObject({ url: '/api/users/Users/5', ip: '10.0.0.9', headers: { authorization: 'Bearer other-token' } });
    expect(sent[1].url).toBe('/api/guest-pay/configuration?associationCode=maplegrove');
    expect(sent[1].headers.authorization).toBeUndefined();
  });

  it('answer with the status and the parsed body, also for errors (nothing is thrown)', async () => {
    const { transport } = recordingTransport(404, '{"status":404,"title":"Not Found","detail":"No such account","errorCode":"GP002"}');
    const res = await apiClients(transport).guestPay.getGuestAccount();
    expect(res.status).toBe(404);
    if (res.status === 404) expect(res.data.errorCode).toBe('GP002');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('refuses more arguments than the operation takes', async () => {
    const { transport } = recordingTransport();
    const getAccounts = apiClients(transport).payments.getAccounts as (...args: unknown[]) => Promise<unknown>;
    expect(() => getAccounts({}, {}, {})).toThrow(/3 arguments for 2 parameters/);
  });
});
