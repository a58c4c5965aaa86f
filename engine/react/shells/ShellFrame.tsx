import type { ReactNode } from 'react';
import { useComponentRegistry } from '../component-registry-context.ts';

/** The frame around a layout's screens, chosen by the layout's `shell` in routes.yaml (a registry name). */
export function ShellFrame({ name, children }: { name: string; children: ReactNode }) {
  const Shell = useComponentRegistry().shells[name];
  if (!Shell) throw new Error(`Unknown shell "${name}"`);
  return <Shell>{children}</Shell>;
}
