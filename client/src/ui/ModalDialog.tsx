import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from './chakra/Dialog.ts';
import type { ReactNode } from 'react';

/** A centred dialog with a title, a body and an optional footer of actions. */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  blocking = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** A blocking dialog cannot be dismissed: only its footer's actions lead on. */
  blocking?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      role={role}
      placement="center"
      closeOnEscape={!blocking}
      closeOnInteractOutside={!blocking}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {!blocking && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
