import { Toaster as ToastRegion, Toast, createToaster, Stack, Portal } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect } from 'react';
import { toastType } from '../theme/toast-colours.ts';
import { takeQueuedToasts } from './toast-queue.ts';

const LIVE_REGION_SETTLE_MS = 100;

const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

/**
 * The live region where toasts appear; screen readers announce them. Colours come from the theme's
 * `toast.<type>` tokens, text at full opacity, so every type keeps WCAG AA contrast. Loaded with the
 * first toast (toaster.tsx); it then shows every toast asked for so far and each one after.
 */
export default function ToastLiveRegion() {
  useEffect(() => {
    // Screen readers announce what is added to a live region they already know: the region is
    // first shown empty, and fills a moment later.
    let handBack = () => {};
    const timer = setTimeout(() => { handBack = takeQueuedToasts((options) => { toaster.create(options); }); }, LIVE_REGION_SETTLE_MS);
    return () => { clearTimeout(timer); handBack(); };
  }, []);
  return (
    <Portal>
      <ToastRegion toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const type = toastType(toast.type);
          return (
            <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }} bg={`toast.${type}.bg`} color={`toast.${type}.fg`}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
              </Stack>
              {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
              <Toast.CloseTrigger aria-label="Close" color="inherit" />
            </Toast.Root>
          );
        }}
      </ToastRegion>
    </Portal>
  );
}
