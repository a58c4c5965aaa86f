import { createContext, useContext } from 'react';

export interface FlowView {
  send(event: { type: string; [key: string]: unknown }): void;
  context: Record<string, unknown>;
  busy: boolean;
  state: string;
}

export const FlowViewContext = createContext<FlowView | null>(null);
export const useFlowView = () => useContext(FlowViewContext);
