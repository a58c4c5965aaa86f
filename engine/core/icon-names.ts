// The icons configuration may name (`icon: file-text`): lucide's names. The browser bundle holds only
// these (engine/react/widgets/icons.tsx maps each to its component), so a name not listed here is a
// check problem rather than an icon missing at run time. To offer another icon, add its lucide name
// here and its component there.
export const ICON_NAMES = [
  'calendar', 'check', 'circle-alert', 'clipboard-list', 'credit-card', 'file-text', 'house', 'inbox',
  'info', 'list-checks', 'mail', 'message-square', 'triangle-alert', 'users', 'vote', 'wallet',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
