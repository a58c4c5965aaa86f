import type { FlowImplementations } from '../engine/core/flow/types.ts';
import { sessionFlow } from './session.ts';

// The product's browser-side behaviour, by name, for the engine's registry.
// Machines in flows/*.machine.yaml name these; `npm run check` rejects names missing here and in the engine.
export const flowRegistry: Required<FlowImplementations> = {
  guards: { ...sessionFlow.guards },
  actions: { ...sessionFlow.actions },
  actors: { ...sessionFlow.actors },
  formatters: {},
};
