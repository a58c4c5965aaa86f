import type { ShellDefinition } from '../../../core/registry.ts';
import type { ShellComponent } from '../../component-types.ts';

export default {
  name: 'public',
  description: 'The portal frame as a visitor sees it, whether signed in or not.',
  load: () => import('../PortalShell.tsx').then((m) => m.PublicShell as ShellComponent),
  eager: true,
} satisfies ShellDefinition<ShellComponent>;
