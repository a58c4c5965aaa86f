// Everything the engine itself offers to configuration, as one registry module. Framework-free:
// `npm run check` and `npm run generate` import it in Node.
import { builtinFlowImplementations } from '../core/flow/builtins.ts';
import type { EngineExtension } from '../core/registry.ts';
import { builtinShells } from './shells/definitions/index.ts';
import { builtinWidgets } from './widgets/definitions/index.ts';

export const engineBuiltins: EngineExtension = {
  ...builtinFlowImplementations,
  widgets: builtinWidgets,
  shells: builtinShells,
};
