import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitLocalUpdate, graphql, useRelayEnvironment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { databaseIdOf } from '../../relay/globalId.ts';
import { authorizedRequest } from '../../session/api.ts';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { BotEditorFragment$key } from './__generated__/BotEditorFragment.graphql.ts';
import type { useSaveBotCreateMutation } from './__generated__/useSaveBotCreateMutation.graphql.ts';
import type { useSaveBotUpdateMutation } from './__generated__/useSaveBotUpdateMutation.graphql.ts';
import { inputOf, type BotDraft, type NewImages } from './botDraft.ts';

const createMutation = graphql`
  mutation useSaveBotCreateMutation($input: BotInput!) {
    createBot(input: $input) {
      ... on Bot {
        id
        ...BotEditorFragment @alias
      }
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

const updateMutation = graphql`
  mutation useSaveBotUpdateMutation($id: ID!, $input: BotInput!) {
    updateBot(id: $id, input: $input) {
      ... on Bot {
        id
        ...BotEditorFragment @alias
      }
      ...MutationErrorFragment @alias(as: "error")
    }
  }
`;

type SavedBot = { id: string; bot: BotEditorFragment$key };

type SaveResult = { id?: string; BotEditorFragment?: BotEditorFragment$key | null };

/** The saved bot of a successful answer. */
function savedBotOf(result: SaveResult): SavedBot | null {
  if (!result.id || !result.BotEditorFragment) return null;
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

/**
 * Saves the draft through GraphQL, then sends new icon or logo files to the REST shim (GraphQL
 * takes no files) and writes their URLs into the Relay store.
 */
export function useSaveBot() {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [uploading, setUploading] = useState(false);
  const create = useFormMutation<useSaveBotCreateMutation>(createMutation, {
    failedTitle: t('editor.toast.saveFailed'),
    failedDescription: t('editor.toast.saveFallback'),
  });
  const update = useFormMutation<useSaveBotUpdateMutation>(updateMutation, {
    failedTitle: t('editor.toast.saveFailed'),
    failedDescription: t('editor.toast.updateFallback'),
  });

  /** The saved bot, or null once the failure has been shown. */
  function saveData(botId: string | null, draft: BotDraft): Promise<SavedBot | null> {
    const input = inputOf(draft);
    return new Promise((resolve) => {
      const onFailure = () => resolve(null);
      if (botId === null) {
        create.submit({
          variables: { input },
          updater: recordCreatedBotAsNode,
          onSuccess: ({ createBot }) => resolve(savedBotOf(createBot)),
          onFailure,
        });
      } else {
        update.submit({
          variables: { id: botId, input },
          onSuccess: ({ updateBot }) => resolve(savedBotOf(updateBot)),
          onFailure,
        });
      }
    });
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
    const saved = await saveData(botId, draft);
    if (!saved) return { saved, imagesSaved: false };
    if (images.icon || images.logo) {
      setUploading(true);
      try {
        await uploadImages(saved.id, images);
      } catch (error) {
        toaster.create({
          type: 'error',
          title: t('editor.toast.saveFailed'),
          description:
            (error instanceof Error && error.message) || t(botId === null ? 'editor.toast.saveFallback' : 'editor.toast.updateFallback'),
        });
        return { saved, imagesSaved: false };
      } finally {
        setUploading(false);
      }
    }
    toaster.create({ type: 'success', title: t('editor.toast.saved') });
    return { saved, imagesSaved: true };
  }

  return { save, saving: create.inFlight || update.inFlight || uploading };
}
