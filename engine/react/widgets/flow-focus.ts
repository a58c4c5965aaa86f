import { useCallback, useEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { canRefocus, focusAndAnnounce, focusIsLost, introOf, isShown, mainHeadingsOf, sectionHeadingsOf } from '../app/focus-moves.ts';

interface Held { element: HTMLElement; sections: HTMLElement[]; headings: Set<string> }

/**
 * Keeps the keyboard's place in a flow whose content changes under it. When the flow shows another
 * view (a wizard's next step, a confirmation) focus moves to what introduces it (its heading, else
 * its message) and that is announced. When what had focus goes away within the same view (a form
 * replaced once its answer is recorded, a list row removed, a dialog closed whose opener is gone)
 * focus goes back to it if it is still there, else to the heading of the section it was in.
 * Nothing moves unless focus was in the flow and fell to the page's body: a flow the visitor has not
 * reached, or left with the mouse, is not followed.
 */
export function useFocusKept(box: RefObject<HTMLDivElement | null>, viewIndex: number, state: string, moving: boolean) {
  const held = useRef<Held | null>(null);
  const shownView = useRef(viewIndex);
  const viewChanged = useRef(false);

  // Given to the flow's box as its focus handler (capturing, so it also hears its dialogs).
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // A dialog's content is rendered elsewhere in the page: the place kept is where it was opened from.
    if (!box.current?.contains(target)) return;
    held.current = {
      element: target,
      sections: sectionHeadingsOf(target, document.getElementById('main-content') ?? document.body),
      headings: mainHeadingsOf(box.current),
    };
  }, [box]);

  // A click elsewhere is the visitor's own move: the flow no longer follows its focus.
  useEffect(() => {
    const forget = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) held.current = null;
    };
    document.addEventListener('pointerdown', forget, true);
    return () => document.removeEventListener('pointerdown', forget, true);
  }, [box]);

  useEffect(() => {
    if (shownView.current !== viewIndex) { shownView.current = viewIndex; viewChanged.current = true; }
    if (moving) return;
    const container = box.current;
    if (!container) return;
    const check = () => {
      const had = held.current;
      if (!had || !focusIsLost()) return;
      if (viewChanged.current) {
        viewChanged.current = false;
        const intro = introOf(container, had.headings);
        if (intro) { focusAndAnnounce(intro); return; }
      }
      if (canRefocus(had.element)) { had.element.focus(); return; }
      const section = had.sections.find(isShown) ?? introOf(container);
      if (section) focusAndAnnounce(section);
    };
    let frame = requestAnimationFrame(() => { frame = requestAnimationFrame(check); });
    // Content that goes away later (a list read again after an answer) is watched for too, as are
    // dialogs closing (they live at the end of the page's body).
    const observer = new MutationObserver(() => { cancelAnimationFrame(frame); frame = requestAnimationFrame(check); });
    observer.observe(container, { childList: true, subtree: true });
    observer.observe(document.body, { childList: true });
    return () => { cancelAnimationFrame(frame); observer.disconnect(); };
  }, [box, viewIndex, state, moving]);

  return onFocus;
}
