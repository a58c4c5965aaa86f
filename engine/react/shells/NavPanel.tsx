import { useCallback, useRef, useState, type ComponentType } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { FrameItem } from './parts.tsx';
import type { NavPanelDialogProps } from './NavPanelDialog.tsx';

const loadPanel = () => import('./NavPanelDialog.tsx');

/**
 * The navigation on a narrow screen: a button opening it as a panel (NavPanelDialog.tsx, a native
 * modal dialog that gives focus back to the button as it closes). The panel's code is fetched as
 * the button is about to be pressed (pointed at, touched or focused); pressed before it is there,
 * the panel opens as it arrives. The button is the same from the first paint.
 */
export function NavPanel({ items, current, label }: { items: FrameItem[]; current: string | undefined; label: string }) {
  const { t } = useTranslator();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [Panel, setPanel] = useState<ComponentType<NavPanelDialogProps> | null>(null);
  // Pressed while the panel's code was on its way.
  const wanted = useRef(false);
  const attach = useCallback((element: HTMLDialogElement | null) => {
    dialog.current = element;
    if (element && wanted.current) {
      wanted.current = false;
      element.showModal();
    }
  }, []);
  const load = () => {
    if (Panel) return;
    loadPanel().then(({ NavPanelDialog }) => setPanel(() => NavPanelDialog), () => { wanted.current = false; });
  };
  const open = () => {
    if (dialog.current) {
      dialog.current.showModal();
      return;
    }
    wanted.current = true;
    load();
  };
  return (
    <>
      <button
        ref={opener} type="button" className="frame-item frame-menu-button" aria-haspopup="dialog"
        onPointerEnter={load} onPointerDown={load} onFocus={load} onClick={open}
      >
        <span aria-hidden="true" className="frame-burger" />{t('nav.menu')}
      </button>
      {Panel ? <Panel items={items} current={current} label={label} dialogRef={attach} onClose={() => opener.current?.focus()} /> : null}
    </>
  );
}
