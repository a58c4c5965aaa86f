// What the page tells whatever hosts it, said by the part that knows it (engine/core/embed/signals.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, resetSignals, subscribe, type Signal } from '../../engine/core/embed/signals.ts';

afterEach(() => { resetSignals(); vi.restoreAllMocks(); });

describe('signals to the host', () => {
  it('reach every listener, with a payload only when there is one, until it stops listening', () => {
    const first: Signal[] = [];
    const second: Signal[] = [];
    const stop = subscribe((signal) => { first.push(signal); });
    subscribe((signal) => { second.push(signal); });
    announce('signed-out');
    announce('resize', { height: 300 });
    stop();
    announce('sign-in-needed');
    expect(first).toEqual([{ type: 'signed-out' }, { type: 'resize', payload: { height: 300 } }]);
    expect(second).toEqual([{ type: 'signed-out' }, { type: 'resize', payload: { height: 300 } }, { type: 'sign-in-needed' }]);
  });

  it('said before anyone listens are held for the first listener (the last ten), and for it alone', () => {
    for (let n = 0; n < 12; n += 1) announce(`early-${n}`);
    const first: Signal[] = [];
    const second: Signal[] = [];
    subscribe((signal) => { first.push(signal); });
    subscribe((signal) => { second.push(signal); });
    expect(first.map((signal) => signal.type)).toEqual(['early-2', 'early-3', 'early-4', 'early-5', 'early-6', 'early-7', 'early-8', 'early-9', 'early-10', 'early-11']);
    expect(second).toEqual([]);
  });

  it('a listener that fails keeps the signal from no other listener, nor from the one who said it', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: Signal[] = [];
    subscribe(() => { throw new Error('broken listener'); });
    subscribe((signal) => { heard.push(signal); });
    expect(() => announce('signed-out')).not.toThrow();
    expect(heard).toEqual([{ type: 'signed-out' }]);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
