// A column's filter opened from a real, named button in its header, reached by the keyboard.
// ag-grid's own filter icon is a hidden span the keyboard never reaches and screen readers never
// hear (only its Ctrl+Enter shortcut opens it); its header template lets that icon be a button.
import type { FilterOpenedEvent, IHeaderParams, IInnerHeaderComponent, SuppressHeaderKeyboardEventParams } from 'ag-grid-community';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * ag-grid's default header (sorting, the filter's active mark) with its filter icon in a button
 * named `label`. ag-grid opens and closes the filter from that element, by mouse and by Enter or
 * Space; closed by Escape, the filter gives the focus back to it. It is out of the page's Tab order
 * (tabindex -1): the grid moves the focus inside it, see `headerControlKeys`.
 */
export function filterButtonTemplate(label: string): string {
  return '<div class="ag-cell-label-container" role="presentation">'
    + '<span data-ref="eMenu" class="ag-header-icon ag-header-cell-menu-button" aria-hidden="true"></span>'
    + `<button type="button" tabindex="-1" data-ref="eFilterButton" class="ag-header-icon ag-header-cell-filter-button" aria-label="${escapeHtml(label)}"></button>`
    + '<div data-ref="eLabel" class="ag-header-cell-label" role="presentation">'
    + '<span data-ref="eText" class="ag-header-cell-text"></span>'
    + '<span data-ref="eFilter" class="ag-header-icon ag-header-label-icon ag-filter-icon" aria-hidden="true"></span>'
    + '<ag-sort-indicator data-ref="eSortIndicator"></ag-sort-indicator>'
    + '</div></div>';
}

/**
 * The header's title, which alone names the header for assistive technology: without the label a
 * header would be named after all it holds, its filter button's name too ("Filter Subject Subject").
 */
export class HeaderName implements IInnerHeaderComponent {
  private readonly gui = document.createElement('span');

  init(params: IHeaderParams): void {
    this.refresh(params);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: IHeaderParams): boolean {
    this.gui.textContent = params.displayName;
    params.eGridHeader.setAttribute('aria-label', params.displayName);
    return true;
  }
}

/** The header cell of ag-grid's header holding `element`, and that header's filter button. */
function headerParts(element: Element | null): { header: HTMLElement; button: HTMLElement | null } | null {
  const header = element?.closest<HTMLElement>('.ag-header-cell') ?? null;
  return header ? { header, button: header.querySelector<HTMLElement>('button.ag-header-cell-filter-button') } : null;
}

/** The header before `header` in the grid (aria-colindex is the displayed order). */
function headerBefore(header: HTMLElement): HTMLElement | null {
  const index = Number(header.getAttribute('aria-colindex'));
  if (!(index > 1)) return null;
  return header.closest('.ag-header')?.querySelector<HTMLElement>(`.ag-header-cell[aria-colindex="${index - 1}"]`) ?? null;
}

/**
 * Keys of the headers (ag-grid's Tab goes from header to header, never into one): Tab on a header
 * with a filter button moves to the button, Tab on the button on to the next header, and Shift+Tab
 * comes back the same way; Enter and Space on the button open the filter instead of sorting.
 * Returns true for the keys the grid must leave alone.
 */
export function headerControlKeys({ event }: Pick<SuppressHeaderKeyboardEventParams, 'event'>): boolean {
  if (event.type !== 'keydown') return false;
  const target = event.target as HTMLElement;
  const parts = headerParts(target);
  if (!parts) return false;
  const { header, button } = parts;
  if (target === header) {
    if (event.key !== 'Tab') return false;
    const next = event.shiftKey ? headerParts(headerBefore(header))?.button : button;
    if (!next) return false;
    event.preventDefault();
    next.focus();
    return true;
  }
  if (target !== button) return false;
  if (event.key === 'Tab' && event.shiftKey) {
    event.preventDefault();
    header.focus();
    return true;
  }
  // The button's own Enter and Space (it opens the filter).
  return event.key === 'Enter' || event.key === ' ';
}

/** Makes an opened column filter a dialog named `label` (ag-grid leaves it an unnamed box). */
export function nameFilterPopup(event: Pick<FilterOpenedEvent, 'eGui'>, label: string): void {
  const popup = event.eGui.closest('.ag-popup-child');
  if (!popup) return;
  popup.setAttribute('role', 'dialog');
  popup.setAttribute('aria-label', label);
}
