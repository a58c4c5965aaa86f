// Toast colours as semantic tokens (`toast.<type>.bg` and `toast.<type>.fg`). Chakra's own toast
// colours (white on orange.solid or green.solid, descriptions at 0.8 opacity) fall below WCAG AA's
// 4.5:1; these defaults pass it, and a theme may set its own (tests check every theme's pairs).

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const DEFAULT_TOAST_COLOURS: Record<ToastType, { bg: string; fg: string }> = {
  success: { bg: '#166534', fg: '#ffffff' },
  error: { bg: '#b42318', fg: '#ffffff' },
  warning: { bg: '#c2410c', fg: '#ffffff' },
  info: { bg: '#ffffff', fg: '#18181b' },
};

/** The defaults as Chakra semantic tokens, for a theme's own tokens to override. */
export const defaultToastTokens = {
  toast: Object.fromEntries(TOAST_TYPES.map((type) => [type, {
    bg: { value: DEFAULT_TOAST_COLOURS[type].bg },
    fg: { value: DEFAULT_TOAST_COLOURS[type].fg },
  }])),
};

/** The token type for a toast's status; anything else (e.g. loading) looks like info. */
export function toastType(status: unknown): ToastType {
  return (TOAST_TYPES as readonly unknown[]).includes(status) ? (status as ToastType) : 'info';
}
