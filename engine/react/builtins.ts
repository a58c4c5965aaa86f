// Everything the engine itself offers to configuration, as one registry module. Framework-free:
// `npm run check` and `npm run generate` import it in Node.
import { builtinFlowModule } from '../core/flow/builtins.ts';
import type { EngineBuiltins } from '../core/registry.ts';
import { builtinShells } from './shells/definitions/index.ts';
import { builtinWidgets } from './widgets/definitions/index.ts';

export const engineBuiltins: EngineBuiltins = {
  flowBuiltins: builtinFlowModule,
  widgets: builtinWidgets,
  shells: builtinShells,
};
