import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { DeleteDocumentDialogMutation } from './__generated__/DeleteDocumentDialogMutation.graphql.ts';

export function DeleteDocumentDialog({
  documentId,
  fileName,
  connectionId,
  open,
  onClose,
}: {
  documentId: string;
  fileName: string;
  connectionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [commit, deleting] = useMutation<DeleteDocumentDialogMutation>(graphql`
    mutation DeleteDocumentDialogMutation($id: ID!, $connections: [ID!]!) {
      deleteDocument(id: $id) {
        __typename
        ... on DeletedDocumentPayload {
          deletedId @deleteEdge(connections: $connections)
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function confirm() {
    const failed = (message?: string) => {
      toaster.create({
        type: 'error',
        title: t('knowledge.documents.toast.deleteFailed'),
        description: message || t('knowledge.documents.toast.deleteFallback'),
      });
    };
    commit({
      variables: { id: documentId, connections: [connectionId] },
      onCompleted: ({ deleteDocument }) => {
        if (deleteDocument.__typename === 'DeletedDocumentPayload') {
          toaster.create({
            type: 'success',
            title: t('knowledge.documents.toast.deleted'),
            description: t('knowledge.documents.toast.deletedDescription', { fileName }),
          });
          onClose();
        } else failed(deleteDocument.__typename === '%other' ? undefined : deleteDocument.message);
      },
      onError: () => failed(),
    });
  }

  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={t('knowledge.documents.deleteDialog.title')}
      message={t('knowledge.documents.deleteDialog.message', { fileName })}
      confirmLabel={t('knowledge.documents.deleteDialog.confirm')}
      deleting={deleting}
      onConfirm={confirm}
    />
  );
}
