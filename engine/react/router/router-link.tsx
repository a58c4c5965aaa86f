import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the portal (never a full address: those are plain `<a>`s). */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link within the portal: its address as `href`, and a plain click (no modifier key, no other
 * target) followed by the router, after the link's own `onClick` unless that prevented it. What
 * react-router's `Link` does for a path, without its code for prefetching a framework's route
 * modules and data, which came with every page (the portal prefetches nothing).
 */
export function RouterLink({ to, onClick, target, ref, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) follow(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
