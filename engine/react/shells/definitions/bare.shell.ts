import type { ShellDefinition } from '../../../core/registry.ts';
import type { ShellComponent } from '../../component-types.ts';

export default {
  name: 'bare',
  description: 'A plain frame for pages outside the portal navigation (not found, server error, sign-in hand-offs).',
  load: () => import('../BareShell.tsx').then((m) => m.BareShell as ShellComponent),
  eager: true,
} satisfies ShellDefinition<ShellComponent>;
