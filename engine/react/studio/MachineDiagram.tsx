import { Box } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import type { MachineGraph } from './machine-graph.ts';
import { layoutMachine, type PlacedEdge, type Point } from './machine-layout.ts';

// Colours with at least 4.5:1 contrast on white, whatever the theme (the drawing has its own white ground).
const INK = '#1f2937';
const MUTED = '#4b5563';
const FAILURE = '#b42318';
const ACCENT = '#1d4ed8';

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

function edgeStyle(edge: PlacedEdge): { stroke: string; dash?: string } {
  if (edge.kind === 'error') return { stroke: FAILURE, dash: '6 3' };
  if (edge.kind === 'always') return { stroke: MUTED, dash: '2 3' };
  if (edge.kind === 'done') return { stroke: ACCENT };
  return { stroke: MUTED };
}

/**
 * A machine's states and transitions as a drawing. A picture for those who can see it: the same
 * transitions are listed in words beside it (`describedBy`), which is what it is described by.
 */
export function MachineDiagram({ graph, describedBy }: { graph: MachineGraph; describedBy: string }) {
  const layout = useMemo(() => layoutMachine(graph), [graph]);
  const marker = `${useId().replace(/:/g, '')}-arrow`;
  return (
    <Box overflow="auto" maxH="80vh" borderWidth="1px" borderRadius="l2" bg="white" tabIndex={0} role="region" aria-label={`Diagram of ${graph.id}`}>
      <svg width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} role="img"
        aria-label={`States and transitions of ${graph.id}`} aria-describedby={describedBy} fontFamily="system-ui, sans-serif" fontSize="12">
        <defs>
          <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill={MUTED} />
          </marker>
        </defs>
        {layout.frames.map((frame) => (
          <g key={frame.id}>
            <rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} rx="10" fill="#f8fafc" stroke={MUTED} strokeDasharray="5 4" />
            <text x={frame.x + 8} y={frame.y + 14} fill={INK} fontWeight="bold">{frame.label}</text>
          </g>
        ))}
        {layout.edges.map((edge) => {
          const style = edgeStyle(edge);
          return <path key={edge.id} d={pathOf(edge.points)} fill="none" stroke={style.stroke} strokeDasharray={style.dash} strokeWidth="1.4" markerEnd={`url(#${marker})`} />;
        })}
        {layout.boxes.map((box) => (
          <g key={box.id}>
            <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.compound ? 4 : 14}
              fill={box.initial ? '#eff6ff' : 'white'} stroke={box.initial ? ACCENT : INK} strokeWidth={box.initial ? 2.5 : 1.2}
              strokeDasharray={box.compound ? '4 3' : undefined} />
            {box.final ? <rect x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx="11" fill="none" stroke={INK} /> : null}
            <text x={box.x + box.width / 2} y={box.y + box.height / 2 + 4} textAnchor="middle" fill={INK}>{box.label}</text>
          </g>
        ))}
        {layout.edges.map((edge) => (
          <text key={`${edge.id}-label`} x={edge.labelAt.x} y={edge.labelAt.y + 4} textAnchor="middle" fill={edge.kind === 'error' ? FAILURE : INK}
            stroke="white" strokeWidth="4" paintOrder="stroke">{edge.label}</text>
        ))}
      </svg>
    </Box>
  );
}
