import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { DeleteMutationDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import type { DeleteDocumentDialogMutation } from './__generated__/DeleteDocumentDialogMutation.graphql.ts';

const deleteDocumentMutation = graphql`
  mutation DeleteDocumentDialogMutation($id: ID!, $connections: [ID!]!) {
    deleteDocument(id: $id) {
      __typename
      ... on DeletedDocumentPayload {
        deletedId @deleteEdge(connections: $connections)
      }
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

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
  return (
    <DeleteMutationDialog<DeleteDocumentDialogMutation>
      open={open}
      onClose={onClose}
      mutation={deleteDocumentMutation}
      variables={{ id: documentId, connections: [connectionId] }}
      copy={{
        title: t('knowledge.documents.deleteDialog.title'),
        message: t('knowledge.documents.deleteDialog.message', { fileName }),
        confirmLabel: t('knowledge.documents.deleteDialog.confirm'),
      }}
      failed={{ title: t('knowledge.documents.toast.deleteFailed'), fallback: t('knowledge.documents.toast.deleteFallback') }}
      deleted={{
        title: t('knowledge.documents.toast.deleted'),
        description: t('knowledge.documents.toast.deletedDescription', { fileName }),
      }}
    />
  );
}
