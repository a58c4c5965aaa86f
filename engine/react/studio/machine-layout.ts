// Places a machine's states and transitions for drawing (dagre): simple states are boxes, states
// holding states are frames around them. dagre cannot end an edge on a frame, so each frame holds a
// box of its own name where the transitions to and from that state start and end.
import dagre from '@dagrejs/dagre';
import { MACHINE_STATE, type GraphTransition, type MachineGraph } from './machine-graph.ts';

export interface Point { x: number; y: number }
export interface PlacedBox { id: string; label: string; x: number; y: number; width: number; height: number; initial: boolean; final: boolean; compound: boolean }
export interface PlacedFrame { id: string; label: string; x: number; y: number; width: number; height: number }
export interface PlacedEdge { id: string; from: string; to: string; label: string; points: Point[]; labelAt: Point; kind: GraphTransition['kind'] }
export interface MachineLayout { width: number; height: number; boxes: PlacedBox[]; frames: PlacedFrame[]; edges: PlacedEdge[] }

// Roughly the width of a character of the drawing's 12px sans-serif text, with room to spare.
const CHAR_WIDTH = 7.6;
const BOX_HEIGHT = 32;
const LABEL_HEIGHT = 16;
/** The box standing for a state that holds states (see above). */
const own = (path: string) => `${path}#`;
/** The box standing for the machine, where its own transitions start. */
const MACHINE_BOX = '#machine';

function edgeLabel(transition: GraphTransition): string {
  return transition.guard ? `${transition.trigger} [${transition.guard}]` : transition.trigger;
}

export function layoutMachine(graph: MachineGraph): MachineLayout {
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 44, edgesep: 12, marginx: 12, marginy: 12 });
  const compound = new Set(graph.states.filter((s) => s.compound).map((s) => s.path));
  const boxOf = (path: string) => (path === MACHINE_STATE ? MACHINE_BOX : compound.has(path) ? own(path) : path);
  const box = (id: string, label: string) => g.setNode(id, { width: Math.max(60, label.length * CHAR_WIDTH + 24), height: BOX_HEIGHT, label });

  const machineTransitions = graph.transitions.some((t) => t.from === MACHINE_STATE);
  if (machineTransitions) box(MACHINE_BOX, `${graph.id || 'machine'} (any state)`);
  for (const state of graph.states) {
    if (state.compound) {
      g.setNode(state.path, { label: state.key });
      box(own(state.path), `${state.key} (any)`);
      g.setParent(own(state.path), state.path);
    } else {
      box(state.path, state.key);
    }
    if (state.parent !== MACHINE_STATE) g.setParent(state.path, state.parent);
  }
  graph.transitions.forEach((transition, index) => {
    const label = edgeLabel(transition);
    const targets = transition.to.length > 0 ? transition.to : [transition.from];
    targets.forEach((target, n) => {
      g.setEdge(boxOf(transition.from), boxOf(target), { label, width: label.length * CHAR_WIDTH, height: LABEL_HEIGHT, labelpos: 'c' }, `${index}:${n}`);
    });
  });
  dagre.layout(g);

  const states = new Map(graph.states.map((state) => [state.path, state]));
  const boxes: PlacedBox[] = [];
  const frames: PlacedFrame[] = [];
  for (const id of g.nodes()) {
    const node = g.node(id) as { x: number; y: number; width: number; height: number; label: string };
    if (compound.has(id)) {
      frames.push({ id, label: node.label, x: node.x - node.width / 2, y: node.y - node.height / 2, width: node.width, height: node.height });
      continue;
    }
    const path = id.endsWith('#') ? id.slice(0, -1) : id;
    const state = states.get(path);
    boxes.push({
      id, label: node.label, x: node.x - node.width / 2, y: node.y - node.height / 2, width: node.width, height: node.height,
      initial: Boolean(state?.initial), final: Boolean(state?.final), compound: id !== path || id === MACHINE_BOX,
    });
  }
  const edges: PlacedEdge[] = g.edges().map((e) => {
    const edge = g.edge(e) as { points: Point[]; x: number; y: number; label: string };
    const transition = graph.transitions[Number(e.name?.split(':')[0])];
    return { id: e.name ?? `${e.v}-${e.w}`, from: e.v, to: e.w, label: edge.label, points: edge.points, labelAt: { x: edge.x, y: edge.y }, kind: transition.kind };
  });
  const { width = 0, height = 0 } = g.graph() as { width?: number; height?: number };
  // Frames first: drawn under the boxes they hold, outer ones under inner ones.
  frames.sort((a, b) => b.width * b.height - a.width * a.height);
  return { width, height, boxes, frames, edges };
}
