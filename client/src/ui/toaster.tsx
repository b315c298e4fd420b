import { Portal, Stack, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { Toast } from './chakra/Toast.ts';

// At the bottom, where they cover no page header, and three at most: the next waits for one to close.
const store = createToaster({ placement: 'bottom-end', max: 3, pauseOnPageIdle: true });

/** The app's toaster: a success closes the error toasts still showing, which it supersedes. */
export const toaster: typeof store = {
  ...store,
  create(options) {
    if (options.type === 'success') {
      for (const shown of store.getVisibleToasts()) if (shown.type === 'error' && shown.id) store.dismiss(shown.id);
    }
    return store.create(options);
  },
};

/**
 * A toast from an effect, created once React has committed: the toaster renders with flushSync,
 * which React refuses while it runs effects (the toast would wait for the next render).
 */
export function toastAfterCommit(options: Parameters<typeof toaster.create>[0]): void {
  queueMicrotask(() => toaster.create(options));
}

// Chakra's success green and faded descriptions fall short of the 4.5:1 contrast text needs.
const READABLE_TOASTS = { '&[data-type=success]': { bg: 'green.700' } };

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} css={READABLE_TOASTS}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
