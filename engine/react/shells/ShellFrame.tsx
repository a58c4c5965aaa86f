import type { ReactNode } from 'react';
import { BareShell } from './BareShell.tsx';
import { PortalShell } from './PortalShell.tsx';

/** The frame around a layout's screens, chosen by the layout's `shell` in routes.yaml. */
export function ShellFrame({ name, children }: { name: string; children: ReactNode }) {
  if (name === 'portal') return <PortalShell>{children}</PortalShell>;
  if (name === 'public') return <PortalShell publicView>{children}</PortalShell>;
  return <BareShell>{children}</BareShell>;
}
