import { Alert, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { BOT_LANGUAGES, USE_CASES } from '@chatbot/common/bots';
import { DeleteMutationDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { TemplatePromptsPanelCreateMutation } from './__generated__/TemplatePromptsPanelCreateMutation.graphql.ts';
import type { TemplatePromptsPanelDeleteMutation } from './__generated__/TemplatePromptsPanelDeleteMutation.graphql.ts';
import type { TemplatePromptsPanelFragment$key } from './__generated__/TemplatePromptsPanelFragment.graphql.ts';
import type { TemplatePromptsPanelUpdateMutation } from './__generated__/TemplatePromptsPanelUpdateMutation.graphql.ts';
import { TemplatePromptCard, type TemplatePrompt } from './TemplatePromptCard.tsx';
import { EditFormActions } from '../../ui/EditFormActions.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';
import { appendToList, removeFromList, useEditableList } from '../../ui/useEditableList.ts';

/** The demo offers at most this many templates (spec, section 9). */
export const MAX_TEMPLATE_PROMPTS = 3;

const TEMPLATE_FIELDS = ['useCase', 'title', 'description', 'languageCode', 'promptText'] as const;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];
type Draft = Record<TemplateField, string>;

const EMPTY: Draft = { useCase: 'custom', title: '', description: '', languageCode: 'en', promptText: '' };

/**
 * The template prompts and one form to add a template or update the one picked: title and prompt
 * text are required, and at most 3 templates exist (adding a 4th says so and sends nothing).
 */
export function TemplatePromptsPanel({ adminId, admin }: { adminId: string; admin: TemplatePromptsPanelFragment$key }) {
  const { t } = useTranslation();
  const { templatePrompts } = useFragment(
    graphql`
      fragment TemplatePromptsPanelFragment on Admin {
        templatePrompts {
          id
          ...TemplatePromptCardFragment
        }
      }
    `,
    admin,
  );

  const saveOptions = {
    fields: TEMPLATE_FIELDS,
    failedTitle: t('adminDemoBots.toast.saveFailed'),
    failedDescription: t('adminDemoBots.toast.saveFallback'),
    alwaysToast: true,
  };
  const create = useFormMutation<TemplatePromptsPanelCreateMutation, TemplateField>(
    graphql`
      mutation TemplatePromptsPanelCreateMutation($input: TemplatePromptInput!) {
        createTemplatePrompt(input: $input) {
          ... on TemplatePrompt {
            id
            ...TemplatePromptCardFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );
  const update = useFormMutation<TemplatePromptsPanelUpdateMutation, TemplateField>(
    graphql`
      mutation TemplatePromptsPanelUpdateMutation($id: ID!, $input: TemplatePromptInput!) {
        updateTemplatePrompt(id: $id, input: $input) {
          ... on TemplatePrompt {
            id
            ...TemplatePromptCardFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );

  const { editing, draft, deleting, setDeleting, field, startAdding, pick, beginSubmit, saved, forget } = useEditableList<
    TemplatePrompt,
    TemplateField
  >({
    empty: EMPTY,
    draftOf: (template) => ({
      useCase: template.useCase,
      title: template.title,
      description: template.description,
      languageCode: template.languageCode,
      promptText: template.promptText,
    }),
    problemsOf: (next) => ({
      ...(next.title.trim() === '' ? { title: t('adminDemoBots.form.required') } : {}),
      ...(next.promptText.trim() === '' ? { promptText: t('adminDemoBots.form.required') } : {}),
    }),
    create,
    update,
  });
  const limitReached = !editing && templatePrompts.length >= MAX_TEMPLATE_PROMPTS;

  function submit() {
    if (limitReached) {
      toaster.create({ type: 'error', title: t('adminDemoBots.toast.limit') });
      return;
    }
    if (!beginSubmit()) return;
    const input = {
      useCase: draft.useCase,
      title: draft.title.trim(),
      description: draft.description.trim(),
      languageCode: draft.languageCode,
      promptText: draft.promptText.trim(),
    };
    if (editing) {
      update.submit({ variables: { id: editing.id, input }, onSuccess: saved(t('adminDemoBots.toast.updated')) });
      return;
    }
    create.submit({
      variables: { input },
      updater: (store, response) => {
        const id = response?.createTemplatePrompt.id;
        if (id) appendToList(store, store.get(adminId), 'templatePrompts', id);
      },
      onSuccess: saved(t('adminDemoBots.toast.added')),
    });
  }

  return (
    <Stack gap="6">
      <Stack as="section" aria-labelledby="template-prompts-title" gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg" id="template-prompts-title">
            {t('adminDemoBots.listTitle')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('adminDemoBots.count', { count: templatePrompts.length, max: MAX_TEMPLATE_PROMPTS })}
          </Text>
        </HStack>
        {templatePrompts.length === 0 ? (
          <Text color="fg.muted">{t('adminDemoBots.empty')}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {templatePrompts.map((template) => (
              <TemplatePromptCard
                key={template.id}
                template={template}
                selected={editing?.id === template.id}
                onEdit={pick}
                onDelete={setDeleting}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <SectionCard
        titleId="template-form-title"
        title={editing ? t('adminDemoBots.form.updateTitle', { title: editing.title }) : t('adminDemoBots.form.addTitle')}
        onSubmit={() => submit()}
      >
        {limitReached && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{t('adminDemoBots.form.limitReached')}</Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label={t('adminDemoBots.useCase')}
            options={USE_CASES.map((value) => ({ value, label: t(`adminDemoBots.useCases.${value}`) }))}
            {...field('useCase')}
          />
          <SelectField
            label={t('adminDemoBots.language')}
            options={BOT_LANGUAGES.map((value) => ({ value, label: t(`adminDemoBots.languages.${value}`) }))}
            {...field('languageCode')}
          />
        </SimpleGrid>
        <TextField label={t('adminDemoBots.form.title')} required maxLength={120} {...field('title')} />
        <TextAreaField label={t('adminDemoBots.form.description')} maxLength={500} rows={2} {...field('description')} />
        <TextAreaField label={t('adminDemoBots.form.promptText')} required maxLength={20000} rows={6} {...field('promptText')} />
        <EditFormActions
          editing={editing !== null}
          submitting={create.inFlight || update.inFlight}
          addLabel={t('adminDemoBots.form.add')}
          updateLabel={t('adminDemoBots.form.update')}
          cancelLabel={t('adminDemoBots.form.cancelEdit')}
          onCancel={startAdding}
        />
      </SectionCard>

      {deleting && (
        <DeleteMutationDialog<TemplatePromptsPanelDeleteMutation>
          open
          onClose={() => setDeleting(null)}
          mutation={graphql`
            mutation TemplatePromptsPanelDeleteMutation($id: ID!) {
              deleteTemplatePrompt(id: $id) {
                ... on DeletedTemplatePromptPayload {
                  deletedId
                }
                ...MutationErrorFragment @alias(as: "error")
              }
            }
          `}
          variables={{ id: deleting.id }}
          updater={(store, response) => {
            if (response?.deleteTemplatePrompt.deletedId) removeFromList(store, store.get(adminId), 'templatePrompts', deleting.id);
          }}
          copy={{
            title: t('adminDemoBots.deleteTitle'),
            message: t('adminDemoBots.deleteMessage', { title: deleting.title }),
            confirmLabel: t('adminDemoBots.deleteConfirm'),
          }}
          failed={{ title: t('adminDemoBots.toast.deleteFailed'), fallback: t('adminDemoBots.toast.deleteFallback') }}
          deleted={{ title: t('adminDemoBots.toast.deleted') }}
          onDeleted={() => forget(deleting)}
        />
      )}
    </Stack>
  );
}
