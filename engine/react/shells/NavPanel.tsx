import { Box } from '@chakra-ui/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { FrameItem } from './parts.tsx';
import { NavLink, NavText } from './nav-link.tsx';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The navigation on a narrow screen: a button opening it as a panel, a modal dialog (the page
 * behind is out of reach; Tab and Shift+Tab go round the panel's own controls) that closes with
 * its Close button, Escape or a link followed, giving focus back to the button. A native dialog:
 * nothing to load for it.
 */
export function NavPanel({ items, current, label }: { items: FrameItem[]; current: string | undefined; label: string }) {
  const { t } = useTranslator();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => dialog.current?.close();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const controls = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <>
      <button ref={opener} type="button" className="frame-item frame-menu-button" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        <span aria-hidden="true" className="frame-burger" />{t('nav.menu')}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="frame-panel" onKeyDown={onKeyDown} onClose={() => opener.current?.focus()}>
        <Box display="flex" justifyContent="space-between" alignItems="center" mb="3">
          <Box as="h2" id={titleId} fontWeight="bold" fontSize="lg">{t('nav.menu')}</Box>
          <button type="button" className="frame-panel-close" onClick={close}>{t('nav.close')}</button>
        </Box>
        <nav aria-label={label}>
          <ul className="frame-panel-list">
            {items.filter((entry) => !entry.placeholder).map((entry) => entry.children.length === 0
              ? <li key={entry.item.text}><NavLink item={entry.item} current={entry.item.to === current} onClick={close} /></li>
              : <PanelGroup key={entry.item.text} entry={entry} current={current} onFollow={close} />)}
          </ul>
        </nav>
      </dialog>
    </>
  );
}

function PanelGroup({ entry, current, onFollow }: { entry: FrameItem; current: string | undefined; onFollow: () => void }) {
  const id = useId();
  return (
    <li>
      <span id={id} className="frame-panel-group"><NavText item={entry.item} /></span>
      <ul aria-labelledby={id}>
        {entry.children.map(({ item }) => (
          <li key={`${item.text}:${item.to ?? ''}`}><NavLink item={item} current={item.to === current} onClick={onFollow} /></li>
        ))}
      </ul>
    </li>
  );
}
