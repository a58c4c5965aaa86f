import { Toaster as ToastRegion, Toast, createToaster, Stack, Portal } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

/** The live region where toasts appear; screen readers announce them. */
export function Toaster() {
  return (
    <Portal>
      <ToastRegion toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label="Close" />
          </Toast.Root>
        )}
      </ToastRegion>
    </Portal>
  );
}
