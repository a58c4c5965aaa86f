// A grid header's filter button by keyboard: Tab on a header moves into its filter button, Tab on
// the button is left to the grid (on to the next header), Shift+Tab comes back header by header and
// button by button, and the button's Enter and Space open the filter instead of sorting.
import { afterEach, describe, expect, it } from 'vitest';
import { filterButtonTemplate, headerControlKeys, HeaderName, nameFilterPopup } from '../../engine/react/widgets/grid/header-filter.ts';

afterEach(() => { document.body.innerHTML = ''; });

/** Three headers as ag-grid renders them: the first two with a filter button (from the template), the third without. */
function headers(): HTMLElement[] {
  document.body.innerHTML = `<div class="ag-header">${[1, 2, 3].map((index) => `<div class="ag-header-cell" role="columnheader" tabindex="-1" aria-colindex="${index}">${index < 3 ? filterButtonTemplate(`Filter ${index}`) : ''}</div>`).join('')}</div>`;
  return [...document.querySelectorAll<HTMLElement>('.ag-header-cell')];
}

function press(target: HTMLElement, key: string, shiftKey = false): { handled: boolean; prevented: boolean } {
  target.focus();
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  let handled = false;
  target.addEventListener('keydown', (keydown) => { handled = headerControlKeys({ event: keydown }); }, { once: true });
  target.dispatchEvent(event);
  return { handled, prevented: event.defaultPrevented };
}

const buttonOf = (header: HTMLElement) => header.querySelector<HTMLElement>('button')!;

describe('grid header keys', () => {
  it('names the filter button and escapes its name', () => {
    document.body.innerHTML = filterButtonTemplate('Filter "A" <b>');
    const button = document.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Filter "A" <b>');
    expect(button.type).toBe('button');
    expect(document.querySelector('b')).toBeNull();
  });

  it('moves from a header into its filter button on Tab; the button leaves Tab to the grid', () => {
    const [first] = headers();
    expect(press(first, 'Tab')).toEqual({ handled: true, prevented: true });
    expect(document.activeElement).toBe(buttonOf(first));
    expect(press(buttonOf(first), 'Tab')).toEqual({ handled: false, prevented: false });
  });

  it('comes back with Shift+Tab: from a button to its header, from a header to the button before', () => {
    const [first, second, third] = headers();
    expect(press(buttonOf(second), 'Tab', true).handled).toBe(true);
    expect(document.activeElement).toBe(second);
    expect(press(second, 'Tab', true).handled).toBe(true);
    expect(document.activeElement).toBe(buttonOf(first));
    expect(press(third, 'Tab', true).handled).toBe(true);
    expect(document.activeElement).toBe(buttonOf(second));
    // Before the first header, and from a header without a button on Tab: the grid's own moves.
    expect(press(first, 'Tab', true).handled).toBe(false);
    expect(press(third, 'Tab').handled).toBe(false);
  });

  it("leaves the button's Enter and Space to the button, and the header's Enter to the grid (sorting)", () => {
    const [first] = headers();
    expect(press(buttonOf(first), 'Enter')).toEqual({ handled: true, prevented: false });
    expect(press(buttonOf(first), ' ').handled).toBe(true);
    expect(press(first, 'Enter').handled).toBe(false);
    expect(press(buttonOf(first), 'ArrowRight').handled).toBe(false);
  });

  it('names the header after its title alone, and an opened filter after its column', () => {
    const [first] = headers();
    const name = new HeaderName();
    name.init({ displayName: 'Subject', eGridHeader: first } as never);
    expect(name.getGui().textContent).toBe('Subject');
    expect(first.getAttribute('aria-label')).toBe('Subject');
    name.refresh({ displayName: 'Topic', eGridHeader: first } as never);
    expect(first.getAttribute('aria-label')).toBe('Topic');

    document.body.innerHTML = '<div class="ag-popup-child" role="presentation"><div class="filter"></div></div>';
    nameFilterPopup({ eGui: document.querySelector<HTMLElement>('.filter')! }, 'Filter Subject');
    const popup = document.querySelector('.ag-popup-child')!;
    expect(popup.getAttribute('role')).toBe('dialog');
    expect(popup.getAttribute('aria-label')).toBe('Filter Subject');
  });
});
