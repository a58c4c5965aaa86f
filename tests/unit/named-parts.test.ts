import { describe, expect, it } from 'vitest';
import { firstViews, namesIn, partsShownAtOnce } from '../../engine/react/app/named-parts.ts';

const screen = {
  widget: 'stack',
  children: [
    { widget: 'heading', text: 'x' },
    { widget: 'card', children: [{ widget: 'data', operation: 'op', children: [{ widget: 'description-list', items: [] }] }] },
    {
      widget: 'flow',
      flow: 'f',
      views: [
        { states: ['loading'], widget: 'text', text: 'app.loading' },
        { states: ['editing'], widget: 'stack', children: [{ widget: 'form', form: 'payment' }] },
      ],
    },
  ],
};

describe('the parts a screen names', () => {
  it('names every widget, form and flow, in the views of its flows too', () => {
    const named = namesIn(screen);
    expect([...named.widgets].sort()).toEqual(['card', 'data', 'description-list', 'flow', 'form', 'heading', 'stack', 'text']);
    expect([...named.forms]).toEqual(['payment']);
    expect([...named.flows]).toEqual(['f']);
  });

  it('shows at once the widgets outside its flows\' views, however deep, and none only a view shows', () => {
    expect([...partsShownAtOnce(screen).widgets].sort()).toEqual(['card', 'data', 'description-list', 'flow', 'heading', 'stack']);
  });

  const iconProps = { card: { icon: 'one' as const }, 'empty-state': { icon: 'one' as const }, icon: { icon: 'one' as const, icons: 'each' as const } };
  const withIcons = {
    widget: 'stack',
    children: [
      { widget: 'card', title: 'x', icon: 'wallet', children: [{ widget: 'icon', value: '$item.kind', icons: { pdf: 'file-text' } }] },
      { widget: 'heading', text: 'x', icon: 'not-a-prop-that-names-one' },
      { widget: 'flow', flow: 'f', views: [{ states: ['empty'], widget: 'empty-state', icon: 'inbox', text: 'x' }] },
    ],
  };

  it('names the icons its widgets show, by the props that name icons', () => {
    expect([...namesIn(withIcons, undefined, iconProps).icons].sort()).toEqual(['file-text', 'inbox', 'wallet']);
    expect([...partsShownAtOnce(withIcons, undefined, iconProps).icons].sort()).toEqual(['file-text', 'wallet']);
  });

  it('names no icon where no widget shows one', () => {
    expect(partsShownAtOnce({ widget: 'card', title: 'x', children: [{ widget: 'text', text: 'x' }] }, undefined, iconProps).icons.size).toBe(0);
    expect(partsShownAtOnce(screen, undefined, iconProps).icons.size).toBe(0);
  });
});

describe('the first views of a flow', () => {
  const views = [
    { states: ['starting', 'loadingBrand'] },
    { states: ['entry'] },
    { states: ['wizard.selectLedger'] },
  ];
  it('are those shown in its initial state, or in a state within it', () => {
    expect(firstViews(views, 'starting')).toEqual([views[0]]);
    expect(firstViews(views, 'wizard')).toEqual([views[2]]);
    expect(firstViews(views, undefined)).toEqual([]);
  });

  it('are named with the flow node, whose views the parts shown at once leave out', () => {
    const shown = partsShownAtOnce(screen);
    expect(shown.flowNodes).toEqual([{ flow: 'f', views: screen.children[2].views }]);
    expect([...shown.forms]).toEqual([]);
  });
});
