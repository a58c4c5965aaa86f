import { Toaster as ToastRegion, Toast, createToaster, Stack, Portal } from '@chakra-ui/react';
import { toastType } from '../theme/toast-colours.ts';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

/**
 * The live region where toasts appear; screen readers announce them. Colours come from the theme's
 * `toast.<type>` tokens, text at full opacity, so every type keeps WCAG AA contrast.
 */
export function Toaster() {
  return (
    <Portal>
      <ToastRegion toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const type = toastType(toast.type);
          return (
            <Toast.Root width={{ md: 'sm' }} bg={`toast.${type}.bg`} color={`toast.${type}.fg`}>
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
