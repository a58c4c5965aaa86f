import { Box } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RuntimeContext } from '../app/runtime.ts';
import { ComponentRegistryContext } from '../component-registry-context.ts';
import { showTheme } from '../theme/theme-variables.ts';
import { WidgetNode } from '../widgets/WidgetNode.tsx';
import { designGallery } from './design-gallery.ts';
import { useStudioConfig, useStudioPortal } from './studio-config.ts';
import { usePageTitle } from './studio-parts.tsx';

/**
 * The layout widgets together in one theme (`?theme=<name>`), rendered by the portal's own widgets
 * as a screen renders them, on the portal's page background: what docs/design.md shows.
 */
export function DesignFrame() {
  usePageTitle('Design vocabulary');
  const { themes, themeStyles, app } = useStudioConfig();
  const { runtime, components } = useStudioPortal();
  const requested = useSearchParams()[0].get('theme') ?? '';
  const theme = Object.hasOwn(themes, requested) ? requested : app.defaultTheme;
  // Before the first paint, as the portal shows a theme.
  useLayoutEffect(() => {
    showTheme(document.documentElement, themeStyles, theme === app.defaultTheme ? null : theme);
  }, [theme, themeStyles, app.defaultTheme]);
  return (
    <RuntimeContext.Provider value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <ComponentRegistryContext.Provider value={components}>
          <Box data-design-gallery={theme} display="flex" flexDirection="column" gap="layout.stack" p={{ base: '4', md: '6' }} bg="frame.page">
            {designGallery(app.homePath).map((node, index) => <WidgetNode key={index} node={node} />)}
          </Box>
        </ComponentRegistryContext.Provider>
      </QueryClientProvider>
    </RuntimeContext.Provider>
  );
}
