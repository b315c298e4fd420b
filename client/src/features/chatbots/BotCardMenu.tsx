import { IconButton, Portal } from '@chakra-ui/react';
import { Menu } from '../../ui/chakra/Menu.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { editorPathOf } from '../editor/editorPath.ts';
import type { BotCardMenuDuplicateMutation } from './__generated__/BotCardMenuDuplicateMutation.graphql.ts';
import type { BotCardMenuFragment$key } from './__generated__/BotCardMenuFragment.graphql.ts';
import { BotAnalyticsDialog } from './BotAnalyticsDialog.tsx';
import { prependBot } from './botCount.ts';
import { DeleteBotDialog } from './DeleteBotDialog.tsx';

type OpenDialog = 'analytics' | 'delete' | null;

export function BotCardMenu({
  bot,
  connectionId,
  canDuplicate,
}: {
  bot: BotCardMenuFragment$key;
  connectionId: string;
  canDuplicate: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const data = useFragment(
    graphql`
      fragment BotCardMenuFragment on Bot {
        id
        name
      }
    `,
    bot,
  );
  const duplicate = useFormMutation<BotCardMenuDuplicateMutation>(
    graphql`
      mutation BotCardMenuDuplicateMutation($id: ID!) {
        duplicateBot(id: $id) {
          __typename
          ... on Bot {
            id
            ...BotCardFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('chatbots.toast.duplicateFailed'),
      failedDescription: t('chatbots.toast.duplicateFallback'),
      successType: 'Bot',
    },
  );

  function duplicateBot() {
    duplicate.submit({
      variables: { id: data.id },
      updater: (store) => prependBot(store, connectionId, 'duplicateBot'),
      onSuccess: () => toaster.create({ type: 'success', title: t('chatbots.toast.duplicated') }),
    });
  }

  return (
    <>
      <Menu.Root
        onSelect={({ value }) => {
          if (value === 'edit') void navigate(editorPathOf(data.id));
          else if (value === 'duplicate') duplicateBot();
          else setDialog(value as OpenDialog);
        }}
      >
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="xs" aria-label={t('chatbots.menu.label', { name: data.name })}>
            <span aria-hidden="true">⋮</span>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="edit">{t('editor.edit')}</Menu.Item>
              <Menu.Item value="analytics">{t('chatbots.menu.analytics')}</Menu.Item>
              {canDuplicate && <Menu.Item value="duplicate">{t('chatbots.menu.duplicate')}</Menu.Item>}
              <Menu.Item value="delete" color="fg.error">
                {t('chatbots.menu.delete')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <BotAnalyticsDialog botId={data.id} botName={data.name} open={dialog === 'analytics'} onClose={() => setDialog(null)} />
      <DeleteBotDialog
        botId={data.id}
        botName={data.name}
        connectionId={connectionId}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
