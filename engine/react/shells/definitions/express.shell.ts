import type { ShellDefinition } from '../../../core/registry.ts';
import type { ShellComponent } from '../../component-types.ts';

export default {
  name: 'express',
  description: 'The plain frame, for pages reached by a link from outside.',
  load: () => import('../BareShell.tsx').then((m) => m.BareShell as ShellComponent),
  eager: true,
} satisfies ShellDefinition<ShellComponent>;
