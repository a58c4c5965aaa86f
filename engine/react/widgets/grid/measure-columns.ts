// How wide a column's header and its rendered cells would be, measured the way ag-grid's own
// auto-size does: copies of them in a hidden box sized to its content. The header is measured twice:
// on one line, and wrapped at every space (its longest word and its icons decide the least width).
import type { ColumnSpace } from './fit-widths.ts';

type Sizing = 'min-content' | 'max-content';

function contentWidth(host: HTMLElement, elements: readonly HTMLElement[], sizing: Sizing, rowClass: string): number {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = `position: fixed; left: 0; top: 0; visibility: hidden; pointer-events: none; width: ${sizing};`;
  for (const element of elements) {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    for (const property of ['width', 'left', 'right', 'transform']) copy.style.removeProperty(property);
    copy.style.position = 'static';
    const row = document.createElement('div');
    row.className = rowClass;
    row.style.position = 'static';
    row.appendChild(copy);
    box.appendChild(row);
  }
  host.appendChild(box);
  const width = box.getBoundingClientRect().width;
  box.remove();
  return Math.ceil(width);
}

/** The column's space needs, or null while its header is not in the page. */
export function measureColumn(root: HTMLElement, colId: string, minWidth: number, weight: number): ColumnSpace | null {
  const selector = `[col-id="${CSS.escape(colId)}"]`;
  const header = root.querySelector<HTMLElement>(`.ag-header-cell${selector}`);
  const host = root.querySelector<HTMLElement>('.ag-root-wrapper');
  if (!header || !host) return null;
  const cells = [...root.querySelectorAll<HTMLElement>(`.ag-row:not(.ag-row-loading) .ag-cell${selector}`)];
  const headerRow = 'ag-header ag-header-row';
  const words = contentWidth(host, [header], 'min-content', headerRow);
  const line = contentWidth(host, [header], 'max-content', headerRow);
  const content = cells.length > 0 ? contentWidth(host, cells, 'max-content', 'ag-row') : 0;
  const min = Math.max(minWidth, words);
  return { min, need: Math.max(min, content), want: Math.max(min, content, line), weight };
}

/** The width the grid's columns share (its scrolling area, without a vertical scrollbar). */
export function gridWidth(root: HTMLElement): number {
  const viewport = root.querySelector<HTMLElement>('.ag-grid-viewport') ?? root.querySelector<HTMLElement>('.ag-body-viewport');
  return viewport?.clientWidth ?? 0;
}
