// The messages between an embedded page and its host: what a host sends is read only when it is
// exactly what the contract says, and what the page sends is what the contract says.
import { describe, expect, it } from 'vitest';
import { compileEmbedValidators } from '../../engine/build/embed-validators.ts';
import { toHost } from 'virtual:engine-embed-validators';
import { toHostMessage } from '../../engine/core/embed/protocol.ts';
import { readHostMessage } from '../../engine/core/embed/read-message.ts';

const navigate = (path: unknown) => ({ v: 1, type: 'navigate', id: 'm-1', payload: { path } });
const handoff = (code: unknown) => ({ v: 1, type: 'handoff', id: 'h-1', payload: { code } });

describe('the compiled validators', () => {
  it('hold no code the page could not run under its Content-Security-Policy', () => {
    const code = compileEmbedValidators();
    expect(code).toMatch(/export const fromHost/);
    expect(code).not.toMatch(/new\s+Function|\beval\s*\(|\brequire\s*\(/);
  });
});

describe('a message from the host', () => {
  it('is read when it is a navigate or a theme of the contract', () => {
    expect(readHostMessage(navigate('/paynow'))).toEqual(navigate('/paynow'));
    expect(readHostMessage(navigate('/billing/account-history?x=1#top'))?.type).toBe('navigate');
    expect(readHostMessage({ v: 1, type: 'theme', id: 't', payload: { name: 'Evergreen' } })?.payload).toEqual({ name: 'Evergreen' });
  });

  it('is read when it is the single-use code an app hands back (handoff)', () => {
    const code = 'Ab_-'.repeat(11).slice(0, 43);
    expect(readHostMessage(handoff(code))).toEqual(handoff(code));
    expect(readHostMessage(handoff('c'.repeat(128)))?.payload).toEqual({ code: 'c'.repeat(128) });
    expect(readHostMessage(JSON.stringify(handoff(code)))?.type).toBe('handoff');
  });

  it('is read from JSON text too, as native apps hand it over', () => {
    expect(readHostMessage(JSON.stringify(navigate('/login')))).toEqual(navigate('/login'));
  });

  it.each([
    ['an unknown type', { v: 1, type: 'reload', id: 'x', payload: {} }],
    ['a type only the page sends', { v: 1, type: 'resize', id: 'x', payload: { height: 10 } }],
    ['another version', { ...navigate('/paynow'), v: 2 }],
    ['no id', { v: 1, type: 'navigate', payload: { path: '/paynow' } }],
    ['an empty id', { ...navigate('/paynow'), id: '' }],
    ['a property the contract has not', { ...navigate('/paynow'), extra: true }],
    ['a payload property the contract has not', { v: 1, type: 'navigate', id: 'x', payload: { path: '/paynow', replace: true } }],
    ['another site (//host)', navigate('//evil.example/x')],
    ['an address of another origin', navigate('https://evil.example/')],
    ['a backslash', navigate('/\\evil.example')],
    ['white space', navigate('/pay now')],
    ['a script address', navigate('javascript:alert(1)')],
    ['a path that is not text', navigate(42)],
    ['a theme without a name', { v: 1, type: 'theme', id: 'x', payload: { name: '' } }],
    ['no payload', { v: 1, type: 'theme', id: 'x' }],
    ['a code too short', handoff('c'.repeat(42))],
    ['a code too long', handoff('c'.repeat(129))],
    ['a code of other characters', handoff(`${'c'.repeat(42)}=`)],
    ['a code that is not text', handoff(42)],
    ['a handoff with more than its code', { ...handoff('c'.repeat(43)), payload: { code: 'c'.repeat(43), next: '/x' } }],
    ['a type only the page sends (open-browser)', { v: 1, type: 'open-browser', id: 'x', payload: { url: 'https://portal.example/' } }],
    ['a list', [navigate('/paynow')]],
    ['null', null],
    ['a number', 7],
    ['text that is not JSON', '{"v":1,'],
    ['text too long to be a message', JSON.stringify({ ...navigate('/paynow'), id: 'x'.repeat(20_000) })],
  ])('is dropped for %s', (_why, data) => {
    expect(readHostMessage(data)).toBeNull();
  });
});

describe('a message to the host', () => {
  it('is one of the contract, with an id of its own', () => {
    const messages = [
      toHostMessage('ready', { path: '/paynow', title: 'Pay · Portal' }),
      toHostMessage('resize', { height: 812 }),
      toHostMessage('navigate', { path: '/login' }),
      toHostMessage('signed-out', {}),
      toHostMessage('sign-in-needed', {}),
      toHostMessage('open-browser', { url: 'https://portal.example/auth/embed-handoff?nonce=abc&app=1' }),
      toHostMessage('open-browser', { url: 'http://localhost:8080/auth/embed-handoff' }),
    ];
    for (const message of messages) expect(toHost(message), JSON.stringify(message)).toBe(true);
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    expect(messages.every((m) => m.v === 1)).toBe(true);
  });

  it('never carries more than the contract says', () => {
    expect(toHost({ ...toHostMessage('signed-out', {}), payload: { token: 'eyJ…' } })).toBe(false);
    expect(toHost({ ...toHostMessage('resize', { height: 1.5 }) })).toBe(false);
    expect(toHost({ ...toHostMessage('open-browser', { url: 'https://portal.example/' }), payload: { url: 'https://portal.example/', token: 'eyJ…' } })).toBe(false);
  });

  it('asks an app to open an absolute web address only', () => {
    const opens = (url: unknown) => toHost({ ...toHostMessage('open-browser', { url: 'https://portal.example/' }), payload: { url } });
    for (const url of ['/auth/embed-handoff', '//evil.example/', 'javascript:alert(1)', 'javascript://x%0Aalert(1)', 'myapp://signed-in', 'https://', 'https:///x',
      'https://portal.example/a b', 'https://evil.example\\@portal.example/', `https://portal.example/${'x'.repeat(2048)}`, 42]) {
      expect(opens(url), String(url)).toBe(false);
    }
    expect(opens('https://portal.example:8443/auth/embed-handoff?nonce=n&app=1#top')).toBe(true);
  });
});
