import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './ModalDialog.tsx';

/** "Delete this?": an alert dialog with the consequence spelled out, Cancel, and a red confirm button. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  deleting,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  deleting: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="red" loading={deleting} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </ModalDialog>
  );
}
