import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { DeleteBotDialogMutation } from './__generated__/DeleteBotDialogMutation.graphql.ts';
import { adjustBotCount } from './botCount.ts';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';

export function DeleteBotDialog({
  botId,
  botName,
  connectionId,
  open,
  onClose,
}: {
  botId: string;
  botName: string;
  connectionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [commit, deleting] = useMutation<DeleteBotDialogMutation>(graphql`
    mutation DeleteBotDialogMutation($id: ID!, $connections: [ID!]!) {
      deleteBot(id: $id) {
        __typename
        ... on DeletedBotPayload {
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
        title: t('chatbots.toast.deleteFailed'),
        description: message || t('chatbots.toast.deleteFallback'),
      });
    };
    commit({
      variables: { id: botId, connections: [connectionId] },
      updater: (store, response) => {
        if (response?.deleteBot.__typename === 'DeletedBotPayload') adjustBotCount(store, -1);
      },
      onCompleted: ({ deleteBot }) => {
        if (deleteBot.__typename === 'DeletedBotPayload') {
          toaster.create({ type: 'success', title: t('chatbots.toast.deleted') });
          onClose();
        } else failed(deleteBot.message);
      },
      onError: (error) => failed(error.message),
    });
  }

  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={t('chatbots.delete.title')}
      message={t('chatbots.delete.message', { name: botName })}
      confirmLabel={t('chatbots.delete.confirm')}
      deleting={deleting}
      onConfirm={confirm}
    />
  );
}
