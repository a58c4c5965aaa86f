import { chakra, Grid, Text } from '@chakra-ui/react';
import { useTranslator } from '../../app/translation.ts';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import type { WidgetProps } from '../../component-types.ts';
import { displayValue } from '../format.ts';

interface Pair { label: string; value: unknown; format?: string; translate?: boolean; values?: Record<string, unknown>; when?: string; unless?: string }

/** Label / value pairs as a <dl>: one column, two columns of pairs from the `md` width (unless `columns: 1`). */
export function DescriptionListWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const scope = useScope();
  const runtime = useRuntime();
  const pairs = ((node.items as Pair[]) ?? []).filter((pair) => (!pair.when || displayValue(pair.when, scope, runtime))
    && (!pair.unless || !displayValue(pair.unless, scope, runtime)));
  if (pairs.length === 0) return node.empty ? <Text color="fg.muted">{t(String(node.empty))}</Text> : null;
  return (
    <Grid as="dl" className="engine-description-list" templateColumns={node.columns === 1 ? '1fr' : { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="3" m="0">
      {pairs.map((pair, index) => {
        const raw = displayValue(pair.format ? { value: pair.value, format: pair.format } : pair.value, scope, runtime);
        // A translated value may be a sentence with placeholders, filled like a text's `values`.
        const values = Object.fromEntries(Object.entries(pair.values ?? {}).map(([name, spec]) => [name, displayValue(spec, scope, runtime) ?? '']));
        const shown = pair.translate && typeof raw === 'string' && raw ? t(raw, values) : raw;
        return (
          <div key={`${index}-${pair.label}`}>
            <chakra.dt color="fg.muted" fontSize="sm">{t(pair.label)}</chakra.dt>
            <chakra.dd m="0" fontWeight="medium">{shown === undefined || shown === null || shown === '' ? '—' : String(shown)}</chakra.dd>
          </div>
        );
      })}
    </Grid>
  );
}
