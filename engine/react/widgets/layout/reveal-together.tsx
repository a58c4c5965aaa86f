import { Box } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { createWaitingCounter, useRegionSettled, WaitingRegionContext } from '../../app/settled.ts';
import { Busy } from '../Busy.tsx';

/**
 * Lays its content out unseen until all it loads has arrived, then shows it at once. Parts that
 * load side by side (quiet lists that show only when they have something) would otherwise appear
 * one by one, each moving those below it; shown together, nothing a visitor has seen moves. The
 * busy indicator lies over the region, so that it takes no room of its own.
 */
export function RevealTogether({ children }: { children: ReactNode }) {
  const counter = useMemo(() => createWaitingCounter(), []);
  const settled = useRegionSettled(counter);
  return (
    <Box position="relative" width="100%" aria-busy={settled ? undefined : true}>
      <WaitingRegionContext.Provider value={counter}>
        <Box visibility={settled ? undefined : 'hidden'}>{children}</Box>
      </WaitingRegionContext.Provider>
      {settled ? null : <Box position="absolute" insetX="0" top="0"><Busy /></Box>}
    </Box>
  );
}
