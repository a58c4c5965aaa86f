import { chakra } from '@chakra-ui/react';
import type { WidgetNodeConfig } from '../../app/config-types.ts';
import { useNodeText } from '../basic.tsx';
import { LinkWidget } from '../links.tsx';

export interface Crumb { text: string; to?: string; values?: Record<string, unknown> }

/** A page of the trail shown as text: the current one (marked so), or one without a path. */
function CrumbText({ crumb, current }: { crumb: Crumb; current: boolean }) {
  const text = useNodeText(crumb.text, crumb.values);
  return <chakra.span aria-current={current ? 'page' : undefined} color={current ? 'fg.muted' : undefined}>{text}</chakra.span>;
}

/**
 * A trail of the pages above this one: a named navigation region holding an ordered list, each
 * page a link but the last (this page, not a link to itself). The separators are drawn, not read.
 */
export function Breadcrumb({ label, items }: { label: string; items: Crumb[] }) {
  return (
    <nav aria-label={label} className="engine-breadcrumb">
      <chakra.ol display="flex" flexWrap="wrap" alignItems="center" columnGap="2" rowGap="1" listStyle="none" m="0" p="0" fontSize="sm">
        {items.map((crumb, index) => {
          const last = index === items.length - 1;
          return (
            <chakra.li key={`${index}-${crumb.text}`} display="inline-flex" alignItems="center" gap="2" minWidth="0" overflowWrap="anywhere">
              {last || !crumb.to
                ? <CrumbText crumb={crumb} current={last} />
                : <LinkWidget node={{ widget: 'link', text: crumb.text, to: crumb.to, values: crumb.values } as WidgetNodeConfig} />}
              {last ? null : <chakra.span aria-hidden="true" color="fg.muted">/</chakra.span>}
            </chakra.li>
          );
        })}
      </chakra.ol>
    </nav>
  );
}
