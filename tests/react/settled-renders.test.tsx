// A region that waits for its parts (engine/react/app/settled.ts) renders again when nothing is
// waited for any more, not at each part that arrives, and not at all once it has settled.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createWaitingCounter, useRegionSettled, type WaitingCounter } from '../../engine/react/app/settled.ts';

afterEach(cleanup);

function Region({ counter, renders }: { counter: WaitingCounter; renders: boolean[] }) {
  const settled = useRegionSettled(counter);
  renders.push(settled);
  return <p>{settled ? 'settled' : 'waiting'}</p>;
}

describe('a region waiting for its parts', () => {
  it('renders again once nothing is waited for, not at every part that arrives, and never after settling', () => {
    const counter = createWaitingCounter();
    counter.change(3);
    const renders: boolean[] = [];
    const { container } = render(<Region counter={counter} renders={renders} />);
    expect(container.textContent).toBe('waiting');
    const first = renders.length;
    act(() => counter.change(-1));
    act(() => counter.change(-1));
    expect(renders.length).toBe(first);
    act(() => counter.change(-1));
    expect(container.textContent).toBe('settled');
    const settledAt = renders.length;
    // Something busy later (the visitor's own doing) renders nothing again.
    act(() => counter.change(1));
    act(() => counter.change(-1));
    expect(renders.length).toBe(settledAt);
    expect(container.textContent).toBe('settled');
  });
});
