import { useMemo, type MouseEventHandler, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouterLink } from '../router/router-link.tsx';
import type { NavigationItem } from '../app/config-types.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useInteractive } from '../app/interactive.tsx';
import { isLinkable, resolveLink } from '../app/route-table.ts';
import { resolveBindings } from '../../core/bindings.ts';
import { useNodeText } from '../widgets/basic.tsx';
import { useItemTarget } from './parts.tsx';

/**
 * An item's text: its `text` with its `values`, or, while its `count` is above zero, its
 * `countText` with the count (e.g. "Messages (2 unread)").
 */
export function useItemText(item: NavigationItem): string {
  const scope = useScope();
  const count = item.count ? resolveBindings<unknown>(item.count, scope) : undefined;
  const counted = typeof count === 'number' && count > 0 && item.countText;
  const values = counted ? { ...(item.values ?? {}), count } : item.values;
  return useNodeText(counted ? item.countText : item.text, values);
}

/**
 * A link of the frame's navigation, styled by the list holding it; `aria-current="page"` when it
 * leads to the page shown. Hidden while its route is not built.
 */
export function NavLink({ item, current, onClick, className }: { item: NavigationItem; current: boolean; onClick?: MouseEventHandler<HTMLAnchorElement>; className?: string }) {
  const { routes } = useRuntime();
  const { pathname, search } = useLocation();
  const interactive = useInteractive();
  const text = useItemText(item);
  const to = useItemTarget(item);
  const shown = to && isLinkable(to, routes) ? to : undefined;
  const external = shown !== undefined && /^[a-z]+:/i.test(shown);
  // A page rendered ahead of time knew no address query: see EngineLink.
  const target = shown === undefined || external ? shown : resolveLink(shown, pathname, routes, interactive ? search : '');
  // The same element while the link is the same: a change of scope redraws none of it.
  return useMemo(() => {
    if (target === undefined) return null;
    if (external) return <a href={target} className={className} onClick={onClick}>{text}</a>;
    return (
      <RouterLink to={target} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
        {text}
      </RouterLink>
    );
  }, [target, external, className, current, onClick, text]);
}

/** A placeholder's text: unseen, as wide as what it stands for (set by the list holding it). */
export function NavText({ item }: { item: NavigationItem }): ReactNode {
  return useItemText(item);
}
