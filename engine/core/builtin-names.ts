import { builtinFlowImplementations } from './flow/builtins.ts';

// Names the engine itself provides to configuration. The product adds its own through flows/registry.ts.
export const builtinWidgetNames = [
  'stack', 'heading', 'text', 'content', 'link', 'links', 'alert', 'form', 'flow', 'countdown',
  'button', 'effect', 'spacer', 'summary', 'steps', 'dialog', 'hosted-entry', 'handoff', 'repeat', 'image',
  'grid', 'data',
] as const;

export const builtinShellNames = ['portal', 'bare', 'public', 'express'] as const;

export const builtinFlowActions = Object.keys(builtinFlowImplementations.actions);
export const builtinFlowGuards = Object.keys(builtinFlowImplementations.guards);
export const builtinFlowActors = Object.keys(builtinFlowImplementations.actors);
