// The icons the screens name, made at build time (engine/build/icons-plugin.ts): only the widgets
// that show icons import this, and they are lazily loaded, so no first screen carries an icon it
// does not show.
import icons from 'virtual:engine-icons';

/** A named icon beside a text that says the same: hidden from screen readers. Nothing for no name. */
export function NamedIcon({ name, size = 20 }: { name: unknown; size?: number }) {
  const Icon = typeof name === 'string' ? icons[name] : undefined;
  return Icon ? <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={1.75} /> : null;
}
