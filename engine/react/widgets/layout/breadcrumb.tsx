import { chakra } from '@chakra-ui/react';
import { Fragment } from 'react';
import { resolveBindings } from '../../../core/bindings.ts';
import type { WidgetNodeConfig } from '../../app/config-types.ts';
import { ItemScopeProvider, useScope } from '../../app/scope.tsx';
import { useNodeText } from '../basic.tsx';
import { LinkWidget } from '../links.tsx';

export interface Crumb { text: string; to?: string; values?: Record<string, unknown> }

/** Pages of the trail from a list (a binding): one per element, each seeing it as `$item`. */
export interface Trail extends Crumb { items: string }

/** A page of the trail shown as text: the current one (marked so), or one without a path. */
function CrumbText({ crumb, current }: { crumb: Crumb; current: boolean }) {
  const text = useNodeText(crumb.text, crumb.values);
  return <chakra.span aria-current={current ? 'page' : undefined} color={current ? 'fg.muted' : undefined}>{text}</chakra.span>;
}

/**
 * A trail of the pages above this one: a named navigation region holding an ordered list, each
 * page a link but the last (this page, not a link to itself). The separators are drawn, not read.
 */
export function Breadcrumb({ label, items, trail }: { label: string; items: Crumb[]; trail?: Trail }) {
  const scope = useScope();
  const listed = trail ? resolveBindings<unknown[] | undefined>(trail.items, scope) : undefined;
  const elements = Array.isArray(listed) ? listed : [];
  // The fixed pages, then one per element of the trail's list (in its element's scope).
  const pages: { crumb: Crumb; item?: Record<string, unknown> }[] = [
    ...items.map((crumb) => ({ crumb })),
    ...elements.map((item) => ({ crumb: trail as Crumb, item: item as Record<string, unknown> })),
  ];
  return (
    <nav aria-label={label} className="engine-breadcrumb">
      <chakra.ol display="flex" flexWrap="wrap" alignItems="center" columnGap="2" rowGap="1" listStyle="none" m="0" p="0" fontSize="sm">
        {pages.map(({ crumb, item }, index) => {
          const last = index === pages.length - 1;
          const page = (
            <chakra.li display="inline-flex" alignItems="center" gap="2" minWidth="0" overflowWrap="anywhere">
              {last || !crumb.to
                ? <CrumbText crumb={crumb} current={last} />
                : <LinkWidget node={{ widget: 'link', text: crumb.text, to: crumb.to, values: crumb.values } as WidgetNodeConfig} />}
              {last ? null : <chakra.span aria-hidden="true" color="fg.muted">/</chakra.span>}
            </chakra.li>
          );
          return item === undefined
            ? <Fragment key={`${index}-${crumb.text}`}>{page}</Fragment>
            : <ItemScopeProvider key={`${index}-${crumb.text}`} value={item}>{page}</ItemScopeProvider>;
        })}
      </chakra.ol>
    </nav>
  );
}
