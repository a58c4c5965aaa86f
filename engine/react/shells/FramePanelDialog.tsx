import { Box, chakra, type SystemStyleObject } from '@chakra-ui/react';
import { useId, type MouseEvent, type Ref } from 'react';
import { useTranslator } from '../app/translation.ts';
import type { NavigationItem } from '../app/config-types.ts';
import { PanelScreenView } from '../router/ScreenView.tsx';
import { NavText } from './nav-link.tsx';
import { wrapFocus } from './wrap-focus.ts';

// Fetched with the first press of a frame item's panel button (FramePanel.tsx): most visits never
// open it, and until then nothing of it, nor of its screen, is loaded.

const ring = { outline: '2px solid currentColor', outlineOffset: '2px' };

// A side sheet in the page's colours, over the page: the whole width of a phone, a column beside a wider page.
const panelStyles: SystemStyleObject = {
  position: 'fixed', inset: '0 0 0 auto', m: '0', width: 'min(32rem, 100vw)', maxWidth: 'none', height: '100dvh', maxHeight: 'none',
  p: '0', bg: 'bg', color: 'fg', border: 'none', boxShadow: 'lg', overflowY: 'auto',
  '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' },
  '& .frame-panel-head': { position: 'sticky', top: '0', zIndex: '1', bg: 'bg', borderBottomWidth: '1px', px: '4', py: '3' },
  '& .frame-panel-close': { px: '3', py: '1', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', cursor: 'pointer' },
  '& .frame-panel-close:hover': { bg: 'bg.muted' },
  '& .frame-panel-close:focus-visible': ring,
};

export interface FramePanelDialogProps {
  item: NavigationItem;
  /** The `<dialog>`, which the item's button opens as a modal. */
  dialogRef: Ref<HTMLDialogElement>;
  /** Called as it closes (Escape, its Close button, a link followed). */
  onClose: () => void;
}

/**
 * A screen beside the page (navigation.yaml `panel`): a native modal dialog (the page behind is out
 * of reach; Tab and Shift+Tab go round the panel's own controls), named by the item's text, that
 * closes with its Close button, Escape, or a link in it followed (the page then changes under it).
 */
export function FramePanelDialog({ item, dialogRef, onClose }: FramePanelDialogProps) {
  const { t } = useTranslator();
  const titleId = useId();
  const close = (event: { currentTarget: Element }) => event.currentTarget.closest('dialog')?.close();
  const followed = (event: MouseEvent<HTMLDialogElement>) => {
    // A link opened in another tab (a modifier key held) leaves this page, and the panel, as they are.
    const elsewhere = event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0;
    if (!elsewhere && (event.target as Element).closest('a[href]')) event.currentTarget.close();
  };
  return (
    <chakra.dialog ref={dialogRef} aria-labelledby={titleId} className="frame-side-panel" css={panelStyles} onKeyDown={wrapFocus} onClose={onClose} onClick={followed}>
      <Box className="frame-panel-head" display="flex" justifyContent="space-between" alignItems="center" gap="3">
        <Box as="h2" id={titleId} fontWeight="bold" fontSize="lg"><NavText item={item} /></Box>
        <button type="button" className="frame-panel-close" onClick={close}>{t('nav.close')}</button>
      </Box>
      <Box px="4" py="4">
        {item.panel ? <PanelScreenView screenId={item.panel} /> : null}
      </Box>
    </chakra.dialog>
  );
}
