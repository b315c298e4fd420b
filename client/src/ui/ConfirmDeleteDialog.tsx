import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GraphQLTaggedNode } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { ModalDialog } from './ModalDialog.tsx';
import { toaster } from './toaster.tsx';
import { useFormMutation, type Submission } from './useFormMutation.ts';

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

interface DeleteMutationDialogProps<TMutation extends MutationParameters> {
  open: boolean;
  onClose: () => void;
  /** The delete mutation; its result spreads `...MutationErrorFragment @alias(as: "error")`. */
  mutation: GraphQLTaggedNode;
  variables: TMutation['variables'];
  updater?: Submission<TMutation>['updater'];
  copy: { title: string; message: string; confirmLabel: string };
  failed: { title: string; fallback?: string };
  /** The toast once deleted. */
  deleted: { title: string; description?: string };
  /** What the screen does once the item is gone, before the dialog closes (a form that held it lets it go). */
  onDeleted?: () => void;
}

/** The one confirm-delete flow: ask, send the delete, toast its outcome, and close once it is gone. */
export function DeleteMutationDialog<TMutation extends MutationParameters>({
  open,
  onClose,
  mutation,
  variables,
  updater,
  copy,
  failed,
  deleted,
  onDeleted,
}: DeleteMutationDialogProps<TMutation>) {
  const remove = useFormMutation<TMutation>(mutation, { failedTitle: failed.title, failedDescription: failed.fallback });
  const confirm = () =>
    remove.submit({
      variables,
      ...(updater ? { updater } : {}),
      onSuccess: () => {
        toaster.create({ type: 'success', ...deleted });
        onDeleted?.();
        onClose();
      },
    });
  return <ConfirmDeleteDialog open={open} onClose={onClose} {...copy} deleting={remove.inFlight} onConfirm={confirm} />;
}
