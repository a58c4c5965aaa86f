import { useRef } from 'react';
import { createPortal } from 'react-dom';
import type { FrameItem } from './parts.tsx';
import { NavText } from './nav-link.tsx';
import { useLazyModal } from './lazy-modal.ts';

const loadDialog = () => import('./FramePanelDialog.tsx').then((module) => module.FramePanelDialog);

/**
 * A frame item's button opening its screen in a side panel (navigation.yaml `panel`;
 * FramePanelDialog.tsx). The panel's code, and the screen's, are fetched as the button is about to
 * be pressed; pressed before they are there, the panel opens as they arrive. Closed, the panel stays
 * as it was: opened again, it shows what it showed.
 */
export function FramePanel({ entry }: { entry: FrameItem }) {
  const opener = useRef<HTMLButtonElement>(null);
  const { Dialog, attach, load, show } = useLazyModal(loadDialog);
  return (
    <>
      <button
        ref={opener} type="button" className="frame-item" aria-haspopup="dialog"
        onPointerEnter={load} onPointerDown={load} onFocus={load} onClick={show}
      >
        <NavText item={entry.item} />
      </button>
      {/* At the document's end: the looks of the list holding the button (the frame's, the narrow
          screen's navigation panel) are not the screen's. */}
      {Dialog ? createPortal(<Dialog item={entry.item} dialogRef={attach} onClose={() => opener.current?.focus()} />, document.body) : null}
    </>
  );
}
