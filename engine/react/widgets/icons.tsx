// The icons the screens name, made at build time (engine/build/icons-plugin.ts), in a module of
// their own that only a screen naming an icon loads: the screen waits for it with the code of its
// widgets (ScreenView.tsx, first-screen.ts, a flow's view), so it appears with its icons drawn, and a
// page that names none never downloads it. An icon rendered before the module arrives (a part shown
// outside any screen) takes its size at once and is drawn when the module arrives: nothing moves.
import { useEffect, useState } from 'react';
import type { LucideIcon } from 'lucide-react';
import { iconProps } from 'virtual:engine-icon-props';
import { noteChunk } from '../app/chunk-usage.ts';

/** Which props of which widgets name icons (from their props schemas), for named-parts.ts. */
export { iconProps };

let icons: Record<string, LucideIcon> | undefined;
let loading: Promise<unknown> | undefined;

/** Loads the icon module (once). */
export function loadIcons(): Promise<unknown> {
  return (loading ??= import('virtual:engine-icons').then((module) => { icons = module.default; }));
}

/** Loads the icon module if `names` (what a screen or a view names) has any icon. */
export function preloadIcons(names: ReadonlySet<string>): Promise<unknown> {
  return names.size > 0 ? loadIcons() : Promise.resolve();
}

/** A named icon beside a text that says the same: hidden from screen readers. Nothing for no name. */
export function NamedIcon({ name, size = 20 }: { name: unknown; size?: number }) {
  // `npm run check` rejects a name lucide does not have: every name is in the module.
  const shown = typeof name === 'string' && name !== '';
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (!shown || icons) return;
    let current = true;
    void loadIcons().then(() => { if (current) setArrived(true); });
    return () => { current = false; };
  }, [shown]);
  if (!shown) return null;
  // Markup rendered ahead of time with an icon is adopted once the icon module has loaded.
  noteChunk('icons', 'all');
  if (!icons) return <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size }} />;
  const Icon = icons[name];
  if (!Icon) return null;
  return <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={1.75} />;
}
