import { useEffect, useRef, useState } from 'react';

// One polite live region for the whole portal, there from the first paint: a screen reader only
// announces what changes in a region it already knows. The engine names in it what focus moves to
// (a flow's new step, a new page, the result of an action), so the change is heard as well as seen.

let show: ((text: string) => void) | null = null;
let pending = '';

/** Says `text` politely (again, when it is the same text as before). */
export function announce(text: string) {
  const said = text.replace(/\s+/g, ' ').trim();
  if (!said) return;
  if (show) show(said);
  else pending = said;
}

export function Announcer() {
  const [text, setText] = useState('');
  const host = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let frame = 0;
    // Emptied first, then filled a frame later: the same words twice are a change too.
    show = (next) => {
      setText('');
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setText(next));
    };
    if (pending) { show(pending); pending = ''; }
    return () => { cancelAnimationFrame(frame); show = null; };
  }, []);
  // The words are read from a closed shadow root: screen readers hear them, while the page's own
  // text (and what finds text in it) holds each heading or message once. `data-said` tells tests.
  useEffect(() => {
    if (!host.current || region.current) return;
    const root = host.current.attachShadow({ mode: 'closed' });
    const live = document.createElement('div');
    live.setAttribute('role', 'status');
    live.setAttribute('aria-live', 'polite');
    live.setAttribute('aria-atomic', 'true');
    root.append(live);
    region.current = live;
  }, []);
  useEffect(() => { if (region.current) region.current.textContent = text; }, [text]);
  return <div id="page-announcer" ref={host} className="visually-hidden" data-said={text} />;
}
