import { Grid, GridItem } from '@chakra-ui/react';
import type { WidgetNodeConfig } from '../../app/config-types.ts';
import type { WidgetProps } from '../../component-types.ts';
import { WidgetNode } from '../WidgetNode.tsx';
import { RevealTogether } from './reveal-together.tsx';
import { DEFAULT_COLUMNS, perWidth, spanAt, WIDTHS, type PerWidth } from './columns-layout.ts';

/**
 * Its children in a grid whose number of columns depends on the width. A child hidden by
 * `when`/`unless` (or showing nothing) leaves no empty cell: its empty cell is not displayed.
 * With `reveal: together` the cells show once everything they load has arrived.
 */
export function ColumnsWidget({ node }: WidgetProps) {
  const columns = perWidth(node.columns as PerWidth | undefined, DEFAULT_COLUMNS);
  const children = Array.isArray(node.children) ? (node.children as WidgetNodeConfig[]) : [];
  const templateColumns = Object.fromEntries(WIDTHS.map((width) => [width, `repeat(${columns[width]}, minmax(0, 1fr))`]));
  const grid = (
    <Grid className="engine-columns" templateColumns={templateColumns} gap={String(node.gap ?? 'layout.gap')} width="100%">
      {children.map((child, index) => (
        <GridItem key={index} colSpan={spanAt(child.span as PerWidth | number | undefined, columns)} minWidth="0" _empty={{ display: 'none' }}>
          <WidgetNode node={child} />
        </GridItem>
      ))}
    </Grid>
  );
  return node.reveal === 'together' ? <RevealTogether>{grid}</RevealTogether> : grid;
}
