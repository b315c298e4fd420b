import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitLocalUpdate, commitMutation, graphql, useRelayEnvironment } from 'react-relay';
import type { Environment, RecordSourceSelectorProxy } from 'relay-runtime';
import { databaseIdOf } from '../../relay/globalId.ts';
import { authorizedRequest } from '../../session/api.ts';
import { toaster } from '../../ui/toaster.tsx';
import type { BotEditorFragment$key } from './__generated__/BotEditorFragment.graphql.ts';
import type { useSaveBotCreateMutation } from './__generated__/useSaveBotCreateMutation.graphql.ts';
import type { useSaveBotUpdateMutation } from './__generated__/useSaveBotUpdateMutation.graphql.ts';
import { inputOf, type BotDraft, type NewImages } from './botDraft.ts';

const createMutation = graphql`
  mutation useSaveBotCreateMutation($input: BotInput!) {
    createBot(input: $input) {
      __typename
      ... on Bot {
        id
        ...BotEditorFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation useSaveBotUpdateMutation($id: ID!, $input: BotInput!) {
    updateBot(id: $id, input: $input) {
      __typename
      ... on Bot {
        id
        ...BotEditorFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

type SavedBot = { id: string; bot: BotEditorFragment$key };

/** An expected failure the server explained (an Error type of the union); its message is shown as is. */
class SaveRefused extends Error {}

type SaveResult = { id?: string; BotEditorFragment?: BotEditorFragment$key | null; message?: string };

/** The saved bot, or the server's explanation (an Error member of the result union) thrown. */
function savedBotOf(result: SaveResult, fallback: string): SavedBot {
  if (!result.id || !result.BotEditorFragment) throw new SaveRefused(result.message || fallback);
  return { id: result.id, bot: result.BotEditorFragment };
}

/**
 * The new bot's address (`/editor/<id>`) asks for `node(id:)`: pointing it at the bot the mutation
 * returned lets the editor's route find it in the store instead of fetching what it already holds.
 */
function recordCreatedBotAsNode(store: RecordSourceSelectorProxy) {
  const bot = store.getRootField('createBot');
  if (bot?.getType() === 'Bot') store.getRoot().setLinkedRecord(bot, 'node', { id: bot.getDataID() });
}

function commit<Response>(environment: Environment, config: Parameters<typeof commitMutation>[1]): Promise<Response> {
  return new Promise((resolve, reject) => {
    commitMutation(environment, {
      ...config,
      onCompleted: (response) => resolve(response as Response),
      onError: reject,
    });
  });
}

/**
 * Saves the draft through GraphQL, then sends new icon or logo files to the REST shim (GraphQL
 * takes no files) and writes their URLs into the Relay store.
 */
export function useSaveBot() {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [saving, setSaving] = useState(false);

  async function saveData(botId: string | null, draft: BotDraft): Promise<SavedBot> {
    const input = inputOf(draft);
    if (botId === null) {
      const { createBot } = await commit<useSaveBotCreateMutation['response']>(environment, {
        mutation: createMutation,
        variables: { input },
        updater: recordCreatedBotAsNode,
      });
      return savedBotOf(createBot, t('editor.toast.saveFallback'));
    }
    const { updateBot } = await commit<useSaveBotUpdateMutation['response']>(environment, {
      mutation: updateMutation,
      variables: { id: botId, input },
    });
    return savedBotOf(updateBot, t('editor.toast.updateFallback'));
  }

  async function uploadImages(botId: string, images: NewImages) {
    const form = new FormData();
    form.append('data', '{}');
    if (images.icon) form.append('icon', images.icon);
    if (images.logo) form.append('logo', images.logo);
    const saved = await authorizedRequest<{ iconUrl: string | null; logoUrl: string | null }>(
      `/bots/${encodeURIComponent(databaseIdOf(botId))}`,
      { method: 'PATCH', body: form },
      t('editor.toast.updateFallback'),
    );
    commitLocalUpdate(environment, (store) => {
      const record = store.get(botId);
      record?.setValue(saved.iconUrl, 'iconUrl');
      record?.setValue(saved.logoUrl, 'logoUrl');
    });
  }

  /**
   * Resolves with the saved bot, or with null after telling the user why it failed. `saved` is set
   * when the data was saved but the images were not, so that a new bot keeps its id.
   */
  async function save(botId: string | null, draft: BotDraft, images: NewImages): Promise<{ saved: SavedBot | null; imagesSaved: boolean }> {
    setSaving(true);
    let saved: SavedBot | null = null;
    try {
      saved = await saveData(botId, draft);
      if (images.icon || images.logo) await uploadImages(saved.id, images);
      toaster.create({ type: 'success', title: t('editor.toast.saved') });
      return { saved, imagesSaved: true };
    } catch (error) {
      const fallback = botId === null ? t('editor.toast.saveFallback') : t('editor.toast.updateFallback');
      toaster.create({
        type: 'error',
        title: t('editor.toast.saveFailed'),
        description: (error instanceof Error && error.message) || fallback,
      });
      return { saved, imagesSaved: false };
    } finally {
      setSaving(false);
    }
  }

  return { save, saving };
}
