// @vitest-environment jsdom
// /embed.js on a company's page: it puts the portal in a frame where the tag says, sizes the frame
// to what the portal tells it, hears only that frame at the portal's origin, and lets the page
// steer each portal on it without mixing them up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(join(import.meta.dirname, '../../public/embed.js'), 'utf8');
const PORTAL = 'https://portal.example';

interface PortalEmbedApi {
  navigate(path: string, target?: string | Element): void;
  setTheme(name: string, target?: string | Element): void;
  on(type: string, handler: (payload: unknown, info: { type: string; frame: HTMLIFrameElement }) => void, target?: string | Element): () => void;
}
const api = () => (window as unknown as { PortalEmbed: PortalEmbedApi }).PortalEmbed;

function tag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.body.append(script);
  return script;
}

function runEmbedScript() {
  runInThisContext(SOURCE, { filename: 'embed.js' });
}

function fromPortal(frame: HTMLIFrameElement, data: unknown, origin = PORTAL, source: Window | null = frame.contentWindow) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const message = (type: string, payload: object) => ({ v: 1, type, id: `${type}-1`, payload });

beforeEach(() => {
  delete (window as unknown as { PortalEmbed?: unknown }).PortalEmbed;
  document.body.innerHTML = '<div id="portal"></div><div id="second"></div>';
});

describe('embed.js', () => {
  it('puts the portal\'s mirror in a frame in the target, for the association, with its title', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-path': '/paynow', 'data-target': '#portal', 'data-title': 'Maple Grove portal' });
    runEmbedScript();
    const frame = document.querySelector('#portal iframe') as HTMLIFrameElement;
    expect(frame.src).toBe(`${PORTAL}/embed/paynow?association=maplegrove`);
    expect(frame.title).toBe('Maple Grove portal');
    expect(frame.getAttribute('allow')).toBe('payment');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.borderStyle || frame.style.border).toMatch(/none/);
  });

  it('is titled "Community portal" unless told otherwise', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-target': '#portal' });
    runEmbedScript();
    const frame = document.querySelector('#portal iframe') as HTMLIFrameElement;
    expect(frame.title).toBe('Community portal');
    expect(frame.src).toBe(`${PORTAL}/embed?association=maplegrove`);
  });

  it('sizes the frame to the portal\'s height, from that frame at the portal\'s origin only', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-path': '/paynow', 'data-target': '#portal' });
    runEmbedScript();
    const frame = document.querySelector('#portal iframe') as HTMLIFrameElement;
    fromPortal(frame, message('resize', { height: 1234.2 }));
    expect(frame.style.height).toBe('1235px');
    fromPortal(frame, message('resize', { height: 99 }), 'https://evil.example');
    fromPortal(frame, message('resize', { height: 98 }), PORTAL, window);
    fromPortal(frame, message('resize', { height: -5 }));
    fromPortal(frame, { ...message('resize', { height: 97 }), v: 2 });
    fromPortal(frame, message('resize', { height: '96' }));
    expect(frame.style.height).toBe('1235px');
  });

  it('sends the page\'s requests to the portal\'s origin once it is ready, never to "*"', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-path': '/paynow', 'data-target': '#portal' });
    runEmbedScript();
    const frame = document.querySelector('#portal iframe') as HTMLIFrameElement;
    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    api().navigate('/login');
    expect(post).not.toHaveBeenCalled();
    fromPortal(frame, message('ready', { path: '/paynow', title: 'Pay' }));
    api().setTheme('Harbor');
    expect(post.mock.calls.map(([data]) => data)).toMatchObject([
      { v: 1, type: 'navigate', payload: { path: '/login' } },
      { v: 1, type: 'theme', payload: { name: 'Harbor' } },
    ]);
    for (const call of post.mock.calls) expect(call[1]).toBe(PORTAL);
    expect(() => api().navigate('//evil.example')).toThrow(TypeError);
  });

  it('tells the page through handlers and portal:<type> events on the target', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-target': '#portal' });
    runEmbedScript();
    const frame = document.querySelector('#portal iframe') as HTMLIFrameElement;
    const handled = vi.fn();
    const stop = api().on('navigate', handled);
    const events: unknown[] = [];
    document.getElementById('portal')!.addEventListener('portal:navigate', (event) => events.push((event as CustomEvent).detail));
    const signedOut = vi.fn();
    document.body.addEventListener('portal:signed-out', signedOut);
    fromPortal(frame, message('navigate', { path: '/dashboard' }));
    fromPortal(frame, message('signed-out', {}));
    fromPortal(frame, message('navigate', { path: '//evil.example' }));
    fromPortal(frame, message('unknown', {}));
    expect(handled).toHaveBeenCalledTimes(1);
    expect(handled.mock.calls[0][0]).toEqual({ path: '/dashboard' });
    expect(handled.mock.calls[0][1].frame).toBe(frame);
    expect(events).toEqual([{ path: '/dashboard' }]);
    expect(signedOut).toHaveBeenCalledTimes(1);
    stop();
    fromPortal(frame, message('navigate', { path: '/login' }));
    expect(handled).toHaveBeenCalledTimes(1);
  });

  it('keeps two portals on one page apart', () => {
    tag({ src: `${PORTAL}/embed.js`, 'data-association': 'maplegrove', 'data-path': '/paynow', 'data-target': '#portal' });
    runEmbedScript();
    tag({ src: 'https://other-portal.example/embed.js', 'data-association': 'cedarpoint', 'data-path': '/login', 'data-target': '#second' });
    runEmbedScript();
    const first = document.querySelector('#portal iframe') as HTMLIFrameElement;
    const second = document.querySelector('#second iframe') as HTMLIFrameElement;
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    expect(second.src).toBe('https://other-portal.example/embed/login?association=cedarpoint');
    fromPortal(second, message('resize', { height: 400 }), 'https://other-portal.example');
    fromPortal(first, message('resize', { height: 300 }), 'https://other-portal.example');
    expect(second.style.height).toBe('400px');
    expect(first.style.height).not.toBe('300px');
    const firstPost = vi.spyOn(first.contentWindow!, 'postMessage').mockImplementation(() => {});
    const secondPost = vi.spyOn(second.contentWindow!, 'postMessage').mockImplementation(() => {});
    fromPortal(first, message('ready', { path: '/paynow', title: 'A' }));
    fromPortal(second, message('ready', { path: '/login', title: 'B' }), 'https://other-portal.example');
    api().navigate('/dashboard', '#second');
    expect(firstPost).not.toHaveBeenCalled();
    expect(secondPost).toHaveBeenCalledWith(expect.objectContaining({ type: 'navigate' }), 'https://other-portal.example');
    const events: string[] = [];
    document.getElementById('portal')!.addEventListener('portal:resize', () => events.push('first'));
    document.getElementById('second')!.addEventListener('portal:resize', () => events.push('second'));
    fromPortal(second, message('resize', { height: 410 }), 'https://other-portal.example');
    expect(events).toEqual(['second']);
  });

  it('mounts nothing without an association', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag({ src: `${PORTAL}/embed.js`, 'data-target': '#portal' });
    runEmbedScript();
    expect(document.querySelector('iframe')).toBeNull();
    warn.mockRestore();
  });
});
