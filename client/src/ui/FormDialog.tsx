import { Button, Stack } from '@chakra-ui/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './ModalDialog.tsx';

/** A form dialog's footer: Cancel, and the button that submits the form `formId` (which may stand outside the footer). */
export function FormDialogButtons({
  formId,
  submitLabel,
  submitting,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} colorPalette="brand" loading={submitting}>
        {submitLabel}
      </Button>
    </>
  );
}

/** A dialog holding one form: its fields in the body, Cancel and the form's submit button in the footer. */
export function FormDialog({
  open,
  onClose,
  title,
  submitLabel,
  submitting,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={title}
      footer={<FormDialogButtons formId={formId} submitLabel={submitLabel} submitting={submitting} onCancel={onClose} />}
    >
      <Stack asChild gap="4">
        <form id={formId} onSubmit={submit} noValidate>
          {children}
        </form>
      </Stack>
    </ModalDialog>
  );
}
