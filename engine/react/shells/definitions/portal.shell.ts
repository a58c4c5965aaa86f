import type { ShellDefinition } from '../../../core/registry.ts';
import type { ShellComponent } from '../../component-types.ts';

export default {
  name: 'portal',
  description: 'The portal frame: brand, primary and account navigation (signed in), footer.',
  load: () => import('../PortalShell.tsx').then((m) => m.PortalShell as ShellComponent),
  eager: true,
} satisfies ShellDefinition<ShellComponent>;
