import type { SystemStyleObject } from '@chakra-ui/react';

// The looks of the frame's navigation (PortalShell, NavGroup, NavPanel's button), by class: the
// frame's colours in its bars, the page's in the menus that open over the page (the narrow screen's
// panel has its own, NavPanelDialog.tsx).
const ring = { outline: '2px solid currentColor', outlineOffset: '-3px' };

export const frameStyles: SystemStyleObject = {
  '& .frame-nav': { borderTop: '1px solid color-mix(in srgb, currentColor 25%, transparent)' },
  '& .frame-row': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', listStyle: 'none', m: '0', p: '0' },
  '& .frame-item': {
    display: 'inline-flex', alignItems: 'center', gap: '2', minH: '10', px: '3', color: 'frame.fg', bg: 'transparent',
    fontSize: 'md', fontWeight: 'medium', textDecoration: 'none', whiteSpace: 'nowrap', cursor: 'pointer',
    borderBlock: '3px solid transparent',
  },
  '& .frame-item:hover': { textDecoration: 'underline' },
  '& .frame-item:focus-visible': ring,
  // The page shown: its link, or the group holding it.
  '& .frame-item[aria-current], & .frame-item[data-current]': { borderBottomColor: 'currentColor', fontWeight: 'bold' },
  '& .frame-chevron': {
    display: 'inline-block', width: '0.45em', height: '0.45em', borderRight: '2px solid currentColor', borderBottom: '2px solid currentColor',
    transform: 'translateY(-25%) rotate(45deg)',
  },
  '& [aria-expanded=true] .frame-chevron': { transform: 'translateY(25%) rotate(225deg)' },
  '& .frame-menu': {
    position: 'absolute', top: '100%', insetInlineStart: '0', zIndex: 'dropdown', minW: '15rem', m: '0', py: '1', listStyle: 'none',
    bg: 'bg', color: 'fg', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', boxShadow: 'lg',
  },
  '& .frame-menu[data-align=end]': { insetInlineStart: 'auto', insetInlineEnd: '0' },
  '& .frame-menu[hidden]': { display: 'none' },
  '& .frame-menu a': { display: 'block', px: '4', py: '2', color: 'fg', textDecoration: 'none' },
  '& .frame-menu a:hover': { bg: 'bg.muted', textDecoration: 'underline' },
  '& .frame-menu a:focus-visible': ring,
  '& .frame-menu a[aria-current=page]': { fontWeight: 'bold', boxShadow: 'inset 4px 0 0 currentColor' },
  '& .frame-burger': {
    display: 'inline-block', width: '1.1em', height: '2px', bg: 'currentColor', boxShadow: '0 -0.35em 0 currentColor, 0 0.35em 0 currentColor',
  },
};
