// The icons configuration may name, each imported on its own so that the bundle holds only these
// (and only in the lazily loaded widgets that show icons). The names are engine/core/icon-names.ts,
// which `npm run check` validates `icon:` props against; a test keeps the two lists equal.
import {
  Calendar, Check, CircleAlert, ClipboardList, CreditCard, FileText, House, Inbox, Info, ListChecks, Mail,
  MessageSquare, TriangleAlert, Users, Vote, Wallet, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../core/icon-names.ts';

export const ICONS: Record<IconName, LucideIcon> = {
  calendar: Calendar, check: Check, 'circle-alert': CircleAlert, 'clipboard-list': ClipboardList,
  'credit-card': CreditCard, 'file-text': FileText, house: House, inbox: Inbox, info: Info,
  'list-checks': ListChecks, mail: Mail, 'message-square': MessageSquare, 'triangle-alert': TriangleAlert,
  users: Users, vote: Vote, wallet: Wallet,
};

/** A named icon beside a text that says the same: hidden from screen readers. Nothing for no name. */
export function NamedIcon({ name, size = 20 }: { name: unknown; size?: number }) {
  const Icon = typeof name === 'string' ? ICONS[name as IconName] : undefined;
  return Icon ? <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={1.75} /> : null;
}
