// Cells that act: a link to a row's own page, and buttons sending the row to the screen's flow.
// They read what they need from the grid's `context` (cells render inside ag-grid's own tree).
import { Button, HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { GridActionDoc } from './types.ts';

export interface CellContext {
  t(key: string, values?: Record<string, unknown>): string;
  /** The address of an app path (mirror prefix kept); null when its route is not built. */
  href(path: string): string | null;
  navigate(href: string): void;
  /** Sends an event to the enclosing flow; undefined outside one. */
  send?: (event: { type: string; data: unknown }) => void;
}

/** `{{field}}` placeholders filled from the row, URI-encoded. */
export function fillPath(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => encodeURIComponent(String(row[name] ?? '')));
}

type CellProps = CustomCellRendererProps<Record<string, unknown>, unknown, CellContext> & { link?: string; actions?: GridActionDoc[] };

export function LinkCell(props: CellProps) {
  const { data, valueFormatted, value, context, link } = props;
  const text = valueFormatted ?? (value === null || value === undefined ? '' : String(value));
  const href = data && link ? context.href(fillPath(link, data)) : null;
  if (!href) return <>{text}</>;
  return (
    <ChakraLink
      href={href}
      color="brand.fg"
      textDecoration="underline"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        context.navigate(href);
      }}
    >{text}</ChakraLink>
  );
}

export function ActionsCell(props: CellProps) {
  const { data, context, actions } = props;
  if (!data || !context.send) return null;
  const shown = (actions ?? []).filter((action) => !action.when || data[action.when.field] === action.when.equals);
  if (shown.length === 0) return null;
  return (
    <HStack gap="2" h="full" align="center">
      {shown.map((action) => (
        <Button
          key={action.event}
          size="xs"
          variant="outline"
          colorPalette="brand"
          aria-label={action.label ? context.t(action.label, data) : undefined}
          onClick={() => context.send?.({ type: action.event, data })}
        >{context.t(action.text, data)}</Button>
      ))}
    </HStack>
  );
}

/**
 * Keys of a cell holding a link or buttons (ag-grid's Tab moves from cell to cell, never into one):
 * Enter on the cell follows its only link or presses its only button, or moves into its buttons;
 * there Tab and Shift+Tab go from button to button (past the last, on to the next cell) and Escape
 * goes back to the cell. Returns true for the keys the grid must leave alone.
 */
export function cellControlKeys({ event }: Pick<SuppressKeyboardEventParams, 'event'>): boolean {
  if (event.type !== 'keydown') return false;
  const target = event.target as HTMLElement;
  const cell = target.closest<HTMLElement>('.ag-cell');
  if (!cell) return false;
  const controls = [...cell.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')];
  if (controls.length === 0) return false;
  if (target === cell) {
    if (event.key !== 'Enter') return false;
    event.preventDefault();
    if (controls.length === 1) controls[0].click(); else controls[0].focus();
    return true;
  }
  const index = controls.indexOf(target);
  if (index < 0) return false;
  if (event.key === 'Tab') {
    const next = index + (event.shiftKey ? -1 : 1);
    return next >= 0 && next < controls.length;
  }
  if (event.key === 'Escape') {
    cell.focus();
    return true;
  }
  // The control's own Enter and Space (a link, a button press).
  return event.key === 'Enter' || event.key === ' ';
}
