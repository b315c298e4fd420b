import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { DeleteMutationDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import type { DeleteBotDialogMutation } from './__generated__/DeleteBotDialogMutation.graphql.ts';
import { adjustBotCount } from './botCount.ts';

const deleteBotMutation = graphql`
  mutation DeleteBotDialogMutation($id: ID!, $connections: [ID!]!) {
    deleteBot(id: $id) {
      __typename
      ... on DeletedBotPayload {
        deletedId @deleteEdge(connections: $connections)
      }
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

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
  return (
    <DeleteMutationDialog<DeleteBotDialogMutation>
      open={open}
      onClose={onClose}
      mutation={deleteBotMutation}
      variables={{ id: botId, connections: [connectionId] }}
      updater={(store, response) => {
        if (response?.deleteBot.__typename === 'DeletedBotPayload') adjustBotCount(store, -1);
      }}
      copy={{
        title: t('chatbots.delete.title'),
        message: t('chatbots.delete.message', { name: botName }),
        confirmLabel: t('chatbots.delete.confirm'),
      }}
      failed={{ title: t('chatbots.toast.deleteFailed'), fallback: t('chatbots.toast.deleteFallback') }}
      deleted={{ title: t('chatbots.toast.deleted') }}
    />
  );
}
