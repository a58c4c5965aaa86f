// The full text of a grid cell or header whose text is cut short (ellipsis), shown next to it while
// the pointer is on it or the keyboard focus is in it; Escape puts it away. Screen readers already
// read the cell's whole text (only its drawing is cut), so the tip is for the eyes alone.
import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface Tip { text: string; left: number; top: number; above: boolean }

/** The element that cuts its text, for a cell or a header that holds `target`. */
function cutElement(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest<HTMLElement>('.ag-cell');
  // Buttons show their own names; a list of them is no text to read.
  if (cell) return cell.querySelector('button') ? null : cell;
  return target.closest('.ag-header-cell')?.querySelector<HTMLElement>('.ag-header-cell-text') ?? null;
}

const isCut = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;

function tipFor(element: HTMLElement): Tip | null {
  const text = element.textContent?.trim() ?? '';
  if (!text || !isCut(element)) return null;
  const box = element.closest<HTMLElement>('.ag-cell, .ag-header-cell') ?? element;
  const rect = box.getBoundingClientRect();
  // Below the cell, or above it near the bottom of the window.
  const above = rect.bottom + 96 > window.innerHeight;
  return { text, left: Math.max(8, rect.left), top: above ? rect.top - 4 : rect.bottom + 4, above };
}

/** Shows the full text of cut cells and headers inside `container`, on hover and on focus. */
export function CutTextTip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);
  const tipRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    let timer = 0;
    // A tip for the focused cell stays while the pointer comes and goes.
    let byFocus = false;
    // On hover after a moment (not for every cell the pointer crosses), on focus at once.
    const show = (target: EventTarget | null, trigger: 'focus' | 'hover') => {
      window.clearTimeout(timer);
      byFocus = trigger === 'focus';
      const element = cutElement(target);
      if (!element) { setTip(null); return; }
      timer = window.setTimeout(() => setTip(tipFor(element)), byFocus ? 0 : 300);
    };
    const hide = () => { window.clearTimeout(timer); byFocus = false; setTip(null); };
    const onFocusIn = (event: FocusEvent) => show(event.target, 'focus');
    const onFocusOut = (event: FocusEvent) => { if (!root.contains(event.relatedTarget as Node | null)) hide(); };
    const onPointerOver = (event: PointerEvent) => show(event.target, 'hover');
    // Moving onto the tip keeps it (it can be read with the pointer on it).
    const onPointerLeave = (event: PointerEvent) => { if (!byFocus && !tipRef.current?.contains(event.relatedTarget as Node | null)) hide(); };
    const onKeyDown = (event: KeyboardEvent) => { if (event.key === 'Escape') hide(); };
    // The tip stays by its cell: when the page or the grid scrolls, a focused cell's tip follows it
    // (the grid scrolls to the cell the keyboard moved to), a hovered one's goes.
    const onScroll = () => {
      if (byFocus && root.contains(document.activeElement)) show(document.activeElement, 'focus'); else hide();
    };
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    root.addEventListener('pointerover', onPointerOver);
    root.addEventListener('pointerleave', onPointerLeave);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      window.clearTimeout(timer);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      root.removeEventListener('pointerover', onPointerOver);
      root.removeEventListener('pointerleave', onPointerLeave);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, [container]);

  if (!tip) return null;
  return createPortal(
    <Box
      ref={tipRef}
      aria-hidden="true"
      data-grid-tip=""
      position="fixed"
      zIndex="tooltip"
      left={`${tip.left}px`}
      top={`${tip.top}px`}
      transform={tip.above ? 'translateY(-100%)' : undefined}
      maxW="min(32rem, calc(100vw - 1rem))"
      px="2.5"
      py="1.5"
      rounded="md"
      shadow="md"
      bg="fg"
      color="bg"
      fontSize="sm"
      whiteSpace="normal"
      overflowWrap="anywhere"
      onPointerLeave={(event) => { if (!container.current?.contains(event.relatedTarget as Node | null)) setTip(null); }}
    >{tip.text}</Box>,
    document.body,
  );
}
