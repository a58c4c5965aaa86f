import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useTranslator } from '../app/translation.ts';
import { useRuntime } from '../app/runtime.ts';
import { leaveGuard } from '../app/leave-guard.ts';

/**
 * Guards one form's unsaved changes (see app/leave-guard.ts): reports whether the form is `dirty`,
 * and the first guard on the page asks 'Leave and Discard' or 'Stay on Page' when a link is caught.
 * `onDiscard` puts the form back to its saved values when its changes are discarded.
 */
export function LeaveGuard({ dirty, onDiscard }: { dirty: boolean; onDiscard: () => void }) {
  const key = useId();
  // The latest callback is called, without mounting the guard again when it changes.
  const discard = useRef(onDiscard);
  useEffect(() => { discard.current = onDiscard; });
  useEffect(() => leaveGuard.mount(key, () => discard.current()), [key]);
  useEffect(() => leaveGuard.setDirty(key, dirty), [key, dirty]);
  const { pending, host } = useSyncExternalStore(leaveGuard.subscribe, leaveGuard.snapshot, leaveGuard.snapshot);
  const runtime = useRuntime();
  const { t } = useTranslator();
  if (host !== key) return null;
  const leave = () => {
    const replace = leaveGuard.onGuardEntry();
    const to = leaveGuard.leave();
    // The caught link's address is already complete (mirror prefix included): no link resolution.
    // It takes the guard entry's place, so that Back from there returns to this page in one step.
    if (to) runtime.navigator.navigate(to, { replace });
  };
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={pending !== null} role="alertdialog" closeOnInteractOutside={false}
      onOpenChange={(details) => { if (!details.open) leaveGuard.stay(); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header><Dialog.Title>{t('forms.leaveTitle')}</Dialog.Title></Dialog.Header>
            <Dialog.Body><Dialog.Description>{t('forms.leaveText')}</Dialog.Description></Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" colorPalette="brand" onClick={leave}>{t('forms.leaveDiscard')}</Button>
              <Button colorPalette="brand" onClick={() => leaveGuard.stay()}>{t('forms.leaveStay')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
