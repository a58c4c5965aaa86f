import { Box } from '@chakra-ui/react';
import { CATEGORY, type ChartModel } from './chart-model.ts';

/**
 * The chart's text alternative: every figure drawn, in a table named by the chart's label, read
 * by screen readers and hidden from sight (the drawing beside it is hidden from screen readers).
 * Unstyled: nobody sees it. (`srOnly` rather than VisuallyHidden, whose module the forms' chunk
 * would then share with this one, splitting it out of every page with a form.)
 */
export function ChartTable({ model, caption }: { model: ChartModel; caption: string }) {
  return (
    <Box srOnly>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{model.categoryLabel}</th>
            {model.series.map((s) => <th key={s.key} scope="col">{s.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {model.data.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row[CATEGORY]}</th>
              {model.series.map((s) => <td key={s.key}>{model.formatValue(Number(row[s.key]))}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
