import { Box, chakra, type SystemStyleObject } from '@chakra-ui/react';
import { useId, type Ref } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { FrameItem } from './parts.tsx';
import { NavLink, NavText } from './nav-link.tsx';
import { wrapFocus } from './wrap-focus.ts';
import { FramePanel } from './FramePanel.tsx';

// Fetched with the first press of the narrow screen's Menu button (NavPanel.tsx): most visits
// never open it, and until then nothing of it is seen.

const ring = { outline: '2px solid currentColor', outlineOffset: '-3px' };

// The panel's looks: the page's colours, over the page (the frame's own are in frame-styles.ts).
const panelStyles: SystemStyleObject = {
  position: 'fixed', inset: '0 0 0 auto', m: '0', width: 'min(22rem, 88vw)', maxWidth: 'none', height: '100dvh', maxHeight: 'none',
  p: '4', bg: 'bg', color: 'fg', border: 'none', boxShadow: 'lg', overflowY: 'auto',
  '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' },
  '& ul': { listStyle: 'none', m: '0', p: '0' },
  '& .frame-panel-list > li': { py: '1' },
  '& a': { display: 'block', px: '4', py: '2', color: 'fg', textDecoration: 'none' },
  '& a:hover': { bg: 'bg.muted', textDecoration: 'underline' },
  '& .frame-item': { display: 'block', width: '100%', textAlign: 'start', px: '4', py: '2', cursor: 'pointer' },
  '& .frame-item:hover': { bg: 'bg.muted', textDecoration: 'underline' },
  '& a:focus-visible, & button:focus-visible': ring,
  '& a[aria-current=page]': { fontWeight: 'bold', boxShadow: 'inset 4px 0 0 currentColor' },
  '& .frame-panel-group': { display: 'block', px: '4', pt: '3', pb: '1', fontSize: 'sm', fontWeight: 'bold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' },
  '& .frame-panel-close': { px: '3', py: '1', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', cursor: 'pointer' },
  '& .frame-panel-close:hover': { bg: 'bg.muted' },
};

export interface NavPanelDialogProps {
  items: FrameItem[];
  current: string | undefined;
  label: string;
  /** The `<dialog>`, which the Menu button opens as a modal. */
  dialogRef: Ref<HTMLDialogElement>;
  /** Called as it closes (Escape, its Close button, a link followed). */
  onClose: () => void;
}

/**
 * The navigation panel of a narrow screen: a native modal dialog (the page behind is out of reach;
 * Tab and Shift+Tab go round the panel's own controls) that closes with its Close button, Escape
 * or a link followed.
 */
export function NavPanelDialog({ items, current, label, dialogRef, onClose }: NavPanelDialogProps) {
  const { t } = useTranslator();
  const titleId = useId();
  const close = (event: { currentTarget: Element }) => event.currentTarget.closest('dialog')?.close();
  return (
    <chakra.dialog ref={dialogRef} aria-labelledby={titleId} className="frame-panel" css={panelStyles} onKeyDown={wrapFocus} onClose={onClose}>
      <Box display="flex" justifyContent="space-between" alignItems="center" mb="3">
        <Box as="h2" id={titleId} fontWeight="bold" fontSize="lg">{t('nav.menu')}</Box>
        <button type="button" className="frame-panel-close" onClick={close}>{t('nav.close')}</button>
      </Box>
      <nav aria-label={label}>
        <ul className="frame-panel-list">
          {items.filter((entry) => !entry.placeholder).map((entry) => {
            // A side panel opens over this one, which is there again as it closes.
            if (entry.item.panel) return <li key={entry.item.text}><FramePanel entry={entry} /></li>;
            return entry.children.length === 0
              ? <li key={entry.item.text}><NavLink item={entry.item} current={entry.item.to === current} onClick={close} /></li>
              : <PanelGroup key={entry.item.text} entry={entry} current={current} onFollow={close} />;
          })}
        </ul>
      </nav>
    </chakra.dialog>
  );
}

function PanelGroup({ entry, current, onFollow }: { entry: FrameItem; current: string | undefined; onFollow: (event: { currentTarget: Element }) => void }) {
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
