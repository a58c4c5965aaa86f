import { useRef } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { FrameItem } from './parts.tsx';
import { useLazyModal } from './lazy-modal.ts';

const loadPanel = () => import('./NavPanelDialog.tsx').then((module) => module.NavPanelDialog);

/**
 * The navigation on a narrow screen: a button opening it as a panel (NavPanelDialog.tsx, a native
 * modal dialog that gives focus back to the button as it closes). The panel's code is fetched as
 * the button is about to be pressed (pointed at, touched or focused); pressed before it is there,
 * the panel opens as it arrives. The button is the same from the first paint.
 */
export function NavPanel({ items, current, label }: { items: FrameItem[]; current: string | undefined; label: string }) {
  const { t } = useTranslator();
  const opener = useRef<HTMLButtonElement>(null);
  const { Dialog: Panel, attach, load, show } = useLazyModal(loadPanel);
  return (
    <>
      <button
        ref={opener} type="button" className="frame-item frame-menu-button" aria-haspopup="dialog"
        onPointerEnter={load} onPointerDown={load} onFocus={load} onClick={show}
      >
        <span aria-hidden="true" className="frame-burger" />{t('nav.menu')}
      </button>
      {Panel ? <Panel items={items} current={current} label={label} dialogRef={attach} onClose={() => opener.current?.focus()} /> : null}
    </>
  );
}
