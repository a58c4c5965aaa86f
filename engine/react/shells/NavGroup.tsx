import { Box } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FrameItem } from './parts.tsx';
import { NavLink, NavText } from './nav-link.tsx';

/** The links of an open menu, in order. */
function menuLinks(list: HTMLElement | null): HTMLAnchorElement[] {
  return list ? [...list.querySelectorAll<HTMLAnchorElement>('a[href]')] : [];
}

/**
 * A group of the frame's navigation: a button that shows and hides the list of its links (a
 * disclosure, as site navigation is: its links are links, not menu items). Enter or Space opens
 * it, the arrow keys (and Home, End) move between its links, Escape closes it and gives focus back
 * to the button; it closes too when Tab or a click goes elsewhere, and when one of its links is
 * followed. The button is marked while the group holds the page shown.
 */
export function NavGroup({ entry, current, align = 'start' }: { entry: FrameItem; current: string | undefined; align?: 'start' | 'end' }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Tab or Shift+Tab pressed within the group: focus leaving it then is the visitor's doing (the page
  // moving focus to its heading as it arrives closes nothing).
  const tabbing = useRef(false);
  const holdsCurrent = entry.children.some(({ item }) => item.to === current);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const move = (event: KeyboardEvent, to: (links: HTMLAnchorElement[], at: number) => number) => {
    const links = menuLinks(list.current);
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    links[(to(links, at) + links.length) % links.length].focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    tabbing.current = event.key === 'Tab';
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    // From the button, the arrows open the list as well.
    if (!open) {
      if (event.target !== button.current || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      setOpen(true);
      const last = event.key === 'ArrowUp';
      requestAnimationFrame(() => {
        const links = menuLinks(list.current);
        links[last ? links.length - 1 : 0]?.focus();
      });
      return;
    }
    if (event.key === 'ArrowDown') move(event, (_, at) => at + 1);
    else if (event.key === 'ArrowUp') move(event, (links, at) => (at < 0 ? links.length - 1 : at - 1));
    else if (event.key === 'Home') move(event, () => 0);
    else move(event, (links) => links.length - 1);
  };

  if (entry.placeholder) {
    // Unseen and out of the accessibility tree, but as wide as the button it stands for.
    return (
      <Box className="frame-group" aria-hidden="true" visibility="hidden">
        <span className="frame-item"><NavText item={entry.item} /><Chevron /></span>
      </Box>
    );
  }
  return (
    <Box
      ref={root} className="frame-group" position="relative" onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && tabbing.current && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        tabbing.current = false;
      }}
    >
      <button
        ref={button} type="button" className="frame-item" aria-expanded={open} aria-controls={id}
        aria-current={holdsCurrent ? 'true' : undefined} data-current={holdsCurrent ? '' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <NavText item={entry.item} /><Chevron />
      </button>
      {/* Its links are made when it opens: a closed list is drawn with the frame on every page. */}
      <ul ref={list} id={id} className="frame-menu" hidden={!open} data-align={align}>
        {open && entry.children.map(({ item }) => (
          <li key={`${item.text}:${item.to ?? ''}`}>
            <NavLink item={item} current={item.to === current} onClick={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </Box>
  );
}

function Chevron() {
  return <span aria-hidden="true" className="frame-chevron" />;
}
