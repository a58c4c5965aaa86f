import { Suspense, use, useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslator } from '../app/translation.ts';
import { screenLoaders } from 'virtual:engine-screens';
import type { WidgetNodeConfig } from '../app/config-types.ts';
import { WidgetNode } from '../widgets/WidgetNode.tsx';
import { Busy } from '../widgets/Busy.tsx';
import { chunkCache, tracked } from '../app/chunk-cache.ts';
import { apartLoader } from '../app/apart.ts';
import { useConfigVersion } from '../app/config-version.ts';
import { partsShownAtOnce } from '../app/named-parts.ts';
import { iconProps, preloadIcons } from '../widgets/icons.tsx';
import { useComponentRegistry } from '../component-registry-context.ts';
import type { ComponentRegistry } from '../component-types.ts';

const loadScreen = chunkCache(screenLoaders, 'screen', (module) => ({
  screen: module.default as WidgetNodeConfig,
  messages: module.messages ?? {},
}), (id) => apartLoader('screens', id));

/** Fetches a screen's chunk ahead of its first render; resolves to the screen's widget tree. */
export function preloadScreen(screenId: string): Promise<WidgetNodeConfig> {
  return loadScreen(screenId).then(({ screen }) => screen);
}

/**
 * The code of the widgets a screen shows at once, and the icons if they show any, loaded once per
 * screen document: the screen appears whole, rather than with busy placeholders that its lists and
 * cards then replace, each of another height, moving what is below them, or with icons drawn later.
 */
const screenWidgets = new WeakMap<object, Promise<unknown>>();
function widgetsOf(screen: WidgetNodeConfig, components: ComponentRegistry): Promise<unknown> {
  let loading = screenWidgets.get(screen);
  if (!loading) {
    const { widgets, icons } = partsShownAtOnce(screen, undefined, iconProps);
    loading = tracked(Promise.all([components.preloadWidgets(widgets), preloadIcons(icons)]));
    screenWidgets.set(screen, loading);
  }
  return loading;
}

function Screen({ screenId, titleKey, titled = true }: { screenId: string; titleKey?: string; titled?: boolean }) {
  useConfigVersion();
  const components = useComponentRegistry();
  const { screen, messages } = use(loadScreen(screenId));
  use(widgetsOf(screen, components));
  const { t, add } = useTranslator();
  // The screen's own texts arrive with its chunk; adding them again is harmless.
  add(messages);
  const title = titleKey ?? (screen.title as string | undefined);
  useEffect(() => {
    if (titled) document.title = title ? `${t(title)} · ${t('app.name')}` : t('app.name');
  }, [title, t, titled]);
  return <WidgetNode node={screen} />;
}

/**
 * A screen of schemas/screens/, loaded as its own chunk. Another item of the same route (another
 * folder, another message) is another screen: it starts afresh, its flows from their first state.
 */
export function ScreenView(props: { screenId: string; titleKey?: string }) {
  const params = useParams();
  return (
    <Suspense fallback={<Busy />}>
      <Screen key={`${props.screenId}:${JSON.stringify(params)}`} {...props} />
    </Suspense>
  );
}

/**
 * A screen shown beside the page rather than as it (a frame's side panel): the page keeps its
 * title, and the screen stays as it is while the pages under it change.
 */
export function PanelScreenView({ screenId }: { screenId: string }) {
  return (
    <Suspense fallback={<Busy />}>
      <Screen screenId={screenId} titled={false} />
    </Suspense>
  );
}
