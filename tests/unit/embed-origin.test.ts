// Which host an embedded page talks to: a framing site only when the server lists its origin for the
// page, addressed to exactly that origin; an app's web view by its own bridge; anyone else, never.
import { describe, expect, it, vi } from 'vitest';
import { connectHost, originsRequest, type ConnectInput } from '../../engine/core/embed/connect.ts';
import { allowedOrigin, parentOrigin } from '../../engine/core/embed/parent-origin.ts';
import type { EmbeddingSettings } from '../../engine/core/embed/settings.ts';
import { toHostMessage } from '../../engine/core/embed/protocol.ts';

const SETTINGS: EmbeddingSettings = {
  allowedOrigins: { operation: 'getEmbedding', query: { association: { queryParam: 'association' } }, field: 'origins' },
};

interface Fake { parent: unknown; location: { ancestorOrigins?: string[] }; document: { referrer: string }; [name: string]: unknown }

/** A window framed by a parent at `ancestor` (ancestorOrigins) or known by `referrer` only. */
function framed({ ancestor, referrer = '' }: { ancestor?: string; referrer?: string }) {
  const parent = { postMessage: vi.fn() };
  const win: Fake = { parent, location: { ancestorOrigins: ancestor ? [ancestor] : [] }, document: { referrer } };
  return { win, parent };
}

function topLevel(extra: Record<string, unknown> = {}): Fake {
  const win: Fake = { parent: null, location: {}, document: { referrer: '' }, ...extra };
  win.parent = win;
  return win;
}

const connect = (win: Fake, search: string, fetchOrigins: ConnectInput['fetchOrigins'], settings = SETTINGS) =>
  connectHost({ win: win as unknown as ConnectInput['win'], settings, search, fetchOrigins });

describe('the parent origin', () => {
  it('is none for a page that is not in a frame', () => {
    expect(parentOrigin(topLevel() as never)).toBeNull();
  });

  it('is what the browser says of the frame\'s ancestors, else the referrer\'s origin', () => {
    expect(parentOrigin(framed({ ancestor: 'https://hoa.example', referrer: 'https://other.example/x' }).win as never)).toBe('https://hoa.example');
    expect(parentOrigin(framed({ referrer: 'https://hoa.example:8443/residents?x=1' }).win as never)).toBe('https://hoa.example:8443');
  });

  it('is unknown without either, or when they are no web address', () => {
    expect(parentOrigin(framed({}).win as never)).toBeNull();
    expect(parentOrigin(framed({ referrer: 'not an address' }).win as never)).toBeNull();
    expect(parentOrigin(framed({ referrer: 'file:///home/x.html' }).win as never)).toBeNull();
  });

  it('is allowed only when it is exactly one of the listed origins', () => {
    const listed = ['https://hoa.example', 'http://127.0.0.1:8082', 'HTTPS://Upper.Example', 42];
    expect(allowedOrigin('https://hoa.example', listed)).toBe('https://hoa.example');
    expect(allowedOrigin('https://upper.example', listed)).toBe('https://upper.example');
    expect(allowedOrigin('http://hoa.example', listed)).toBeNull();
    expect(allowedOrigin('https://hoa.example:444', listed)).toBeNull();
    expect(allowedOrigin('https://sub.hoa.example', listed)).toBeNull();
    expect(allowedOrigin('http://localhost:8082', listed)).toBeNull();
    expect(allowedOrigin(null, listed)).toBeNull();
  });
});

describe('connecting to a framing site', () => {
  it('asks for the origins with the first address\'s parameter and talks to an allowed parent at its origin alone', async () => {
    const { win, parent } = framed({ ancestor: 'https://hoa.example' });
    const fetchOrigins = vi.fn(async () => ({ association: { code: 'maplegrove' }, origins: ['https://hoa.example'] }));
    const connection = await connect(win, '?association=maplegrove&x=1', fetchOrigins);
    expect(fetchOrigins).toHaveBeenCalledWith({ query: { association: 'maplegrove' } });
    expect(connection?.transport.kind).toBe('frame');
    expect(connection?.origin).toBe('https://hoa.example');
    const message = toHostMessage('resize', { height: 700 });
    connection!.transport.post(message);
    expect(parent.postMessage).toHaveBeenCalledWith(message, 'https://hoa.example');
    for (const call of parent.postMessage.mock.calls) expect(call[1]).not.toBe('*');
  });

  it('refuses a parent whose origin is not listed: nothing is ever sent to it', async () => {
    const { win, parent } = framed({ ancestor: 'https://evil.example' });
    expect(await connect(win, '?association=maplegrove', async () => ({ origins: ['https://hoa.example'] }))).toBeNull();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('does not ask without the parameter, nor trust an answer it cannot read or a failed call', async () => {
    const fetchOrigins = vi.fn(async () => ({ origins: ['https://hoa.example'] }));
    expect(await connect(framed({ ancestor: 'https://hoa.example' }).win, '', fetchOrigins)).toBeNull();
    expect(fetchOrigins).not.toHaveBeenCalled();
    expect(await connect(framed({ ancestor: 'https://hoa.example' }).win, '?association=x', async () => ({ origins: 'https://hoa.example' }))).toBeNull();
    expect(await connect(framed({ ancestor: 'https://hoa.example' }).win, '?association=x', async () => { throw new Error('404'); })).toBeNull();
  });

  it('is nothing for a page opened on its own', async () => {
    const fetchOrigins = vi.fn(async () => ({ origins: [] }));
    expect(await connect(topLevel(), '?association=maplegrove', fetchOrigins)).toBeNull();
    expect(fetchOrigins).not.toHaveBeenCalled();
  });

  it('fills path parameters too, and needs every one', () => {
    const settings: EmbeddingSettings = { allowedOrigins: { operation: 'x', params: { id: { queryParam: 'site' } }, query: { lang: { queryParam: 'lang' } }, field: 'origins' } };
    expect(originsRequest(settings, '?site=a&lang=en')).toEqual({ params: { id: 'a' }, query: { lang: 'en' } });
    expect(originsRequest(settings, '?site=a')).toBeNull();
  });
});

describe('connecting to a native app', () => {
  it('takes the app\'s bridge as it is, without asking for origins', async () => {
    const postMessage = vi.fn();
    const fetchOrigins = vi.fn();
    const connection = await connect(topLevel({ ReactNativeWebView: { postMessage } }), '', fetchOrigins);
    expect(connection?.transport.kind).toBe('react-native');
    expect(fetchOrigins).not.toHaveBeenCalled();
  });

  it('ignores an app\'s bridge seen from inside a frame: that page is not the app\'s', async () => {
    const { win } = framed({ ancestor: 'https://evil.example' });
    win.ReactNativeWebView = { postMessage: vi.fn() };
    win.webkit = { messageHandlers: { embedBridge: { postMessage: vi.fn() } } };
    expect(await connect(win, '?association=maplegrove', async () => ({ origins: [] }))).toBeNull();
  });
});
