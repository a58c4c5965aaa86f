import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react';

const InteractiveContext = createContext(true);

/**
 * Renders its children inert while `adopting` markup rendered ahead of time (on the server and in
 * the browser while hydrating), then interactive. The switch is a transition: an urgent update
 * reaching a part still waiting for its code would make React drop that part's markup and show its
 * busy state meanwhile; a transition waits until the part is hydrated.
 */
export function InteractiveProvider({ adopting, children }: { adopting: boolean; children: ReactNode }) {
  const [interactive, setInteractive] = useState(!adopting);
  useEffect(() => {
    if (!interactive) startTransition(() => setInteractive(true));
  }, [interactive]);
  return <InteractiveContext value={interactive}>{children}</InteractiveContext>;
}

/**
 * False while a page is rendered ahead of time and while the browser adopts that markup, true from
 * then on (and from the start when there is nothing to adopt). Controls render inert until the code
 * behind them runs: a click or keystroke before that would be lost, and a form submitted natively
 * would put what was typed into the address.
 */
export function useInteractive(): boolean {
  return use(InteractiveContext);
}

/**
 * Props of a button inert until its code runs (see `useInteractive`), without dimming it: dimming it
 * and undimming it a moment later would flash every button of a page rendered ahead of time. Style
 * props, which outrank the recipe's dimmed look (a rule of the page's global styles would not: they
 * are in a layer below the recipes').
 */
export function awaitingCode(interactive: boolean): { 'data-awaiting-code'?: ''; _disabled?: { opacity: number; cursor: string } } {
  return interactive ? {} : { 'data-awaiting-code': '', _disabled: { opacity: 1, cursor: 'progress' } };
}
