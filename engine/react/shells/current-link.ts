import { useLocation } from 'react-router';
import { useRuntime } from '../app/runtime.ts';
import { resolveLink } from '../app/route-table.ts';
import type { FrameItem } from './parts.tsx';

/**
 * The frame link of the page shown: the one whose address is the page's, or else the longest one
 * the page's address lies under (a request's page is under Requests). Its link is marked current,
 * and so is the group holding it.
 */
export function useCurrentLink(lists: FrameItem[][]): string | undefined {
  const { pathname } = useLocation();
  const { routes } = useRuntime();
  let best: { to: string; length: number } | undefined;
  const visit = (items: FrameItem[]) => {
    for (const { item, placeholder, children } of items) {
      visit(children);
      if (placeholder || !item.to || !item.to.startsWith('/')) continue;
      const target = resolveLink(item.to, pathname, routes).split(/[?#]/)[0];
      const under = pathname === target || pathname.startsWith(target.endsWith('/') ? target : `${target}/`);
      if (under && (!best || target.length > best.length)) best = { to: item.to, length: target.length };
    }
  };
  lists.forEach(visit);
  return best?.to;
}

/** Whether a group holds the current link. */
export function holdsCurrent(entry: FrameItem, current: string | undefined): boolean {
  return current !== undefined && entry.children.some(({ item }) => item.to === current);
}
