// A named icon rendered before the icon module has arrived (a screen waits for it; a part shown
// outside a screen may not) takes its size at once and is drawn when the module arrives: nothing
// beside or below it moves. Its own file: the icon module is loaded once per file.
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NamedIcon, preloadIcons } from '../../engine/react/widgets/icons.tsx';

describe('a named icon', () => {
  // The first import of the icon module transforms its icons: slow on a busy machine.
  it('has its size before its drawing arrives, then is drawn in that size', { timeout: 30_000 }, async () => {
    const { container } = render(<NamedIcon name="wallet" size={28} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.tagName).toBe('SPAN');
    expect([box.style.width, box.style.height, box.style.display, box.getAttribute('aria-hidden')]).toEqual(['28px', '28px', 'inline-block', 'true']);
    const icon = await waitFor(() => {
      const drawn = container.querySelector('svg');
      if (!drawn) throw new Error('not drawn yet');
      return drawn;
    }, { timeout: 25_000 });
    expect([icon.getAttribute('width'), icon.getAttribute('height'), icon.getAttribute('aria-hidden')]).toEqual(['28', '28', 'true']);
  });

  it('is nothing for no name, or for one the module does not have (npm run check rejects it)', async () => {
    await preloadIcons(new Set(['wallet']));
    expect(render(<NamedIcon name={undefined} />).container.innerHTML).toBe('');
    expect(render(<NamedIcon name="not-an-icon-any-screen-names" />).container.innerHTML).toBe('');
  });

  it('is drawn at once once the module has arrived', () => {
    expect(render(<NamedIcon name="wallet" />).container.querySelector('svg')).not.toBeNull();
  });
});
