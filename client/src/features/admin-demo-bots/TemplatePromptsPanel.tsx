import { Alert, Button, Card, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Textarea } from '../../ui/chakra/Textarea.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { splitIssues, type FieldIssue } from '../../ui/fieldIssues.ts';
import { toaster } from '../../ui/toaster.tsx';
import { BOT_LANGUAGES, USE_CASES } from '@chatbot/common/bots';
import type { TemplatePromptsPanelCreateMutation } from './__generated__/TemplatePromptsPanelCreateMutation.graphql.ts';
import type { TemplatePromptsPanelDeleteMutation } from './__generated__/TemplatePromptsPanelDeleteMutation.graphql.ts';
import type { TemplatePromptsPanelFragment$key } from './__generated__/TemplatePromptsPanelFragment.graphql.ts';
import type { TemplatePromptsPanelUpdateMutation } from './__generated__/TemplatePromptsPanelUpdateMutation.graphql.ts';
import { TemplatePromptCard, type TemplatePrompt } from './TemplatePromptCard.tsx';

/** The demo offers at most this many templates (spec, section 9). */
export const MAX_TEMPLATE_PROMPTS = 3;

const TEMPLATE_FIELDS = ['useCase', 'title', 'description', 'languageCode', 'promptText'] as const;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];
type Draft = Record<TemplateField, string>;

const EMPTY: Draft = { useCase: 'custom', title: '', description: '', languageCode: 'en', promptText: '' };

type Result = { readonly __typename: string; readonly message?: string; readonly issues?: ReadonlyArray<FieldIssue> };

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
  const [editing, setEditing] = useState<TemplatePrompt | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<TemplateField, string>>>({});
  const [deleting, setDeleting] = useState<TemplatePrompt | null>(null);
  const limitReached = !editing && templatePrompts.length >= MAX_TEMPLATE_PROMPTS;

  const [create, creating] = useMutation<TemplatePromptsPanelCreateMutation>(graphql`
    mutation TemplatePromptsPanelCreateMutation($input: TemplatePromptInput!) {
      createTemplatePrompt(input: $input) {
        __typename
        ... on TemplatePrompt {
          id
          ...TemplatePromptCardFragment @alias
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [update, updating] = useMutation<TemplatePromptsPanelUpdateMutation>(graphql`
    mutation TemplatePromptsPanelUpdateMutation($id: ID!, $input: TemplatePromptInput!) {
      updateTemplatePrompt(id: $id, input: $input) {
        __typename
        ... on TemplatePrompt {
          id
          ...TemplatePromptCardFragment @alias
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [remove, removing] = useMutation<TemplatePromptsPanelDeleteMutation>(graphql`
    mutation TemplatePromptsPanelDeleteMutation($id: ID!) {
      deleteTemplatePrompt(id: $id) {
        __typename
        ... on DeletedTemplatePromptPayload {
          deletedId
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const missing = (field: 'title' | 'promptText') => tried && draft[field].trim() === '';
  const errorOf = (field: TemplateField) =>
    (field === 'title' || field === 'promptText') && missing(field) ? t('adminDemoBots.form.required') : serverProblems[field];
  const change = (field: TemplateField, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function startAdding() {
    setEditing(null);
    setDraft(EMPTY);
    setTried(false);
    setServerProblems({});
  }

  function pick(template: TemplatePrompt) {
    setEditing(template);
    setDraft({
      useCase: template.useCase,
      title: template.title,
      description: template.description,
      languageCode: template.languageCode,
      promptText: template.promptText,
    });
    setTried(false);
    setServerProblems({});
  }

  function settle(result: Result, savedTitle: string) {
    if (result.__typename !== 'TemplatePrompt') {
      const { byField, other } = splitIssues(result.issues ?? [], TEMPLATE_FIELDS);
      setServerProblems(byField);
      toaster.create({
        type: 'error',
        title: t('adminDemoBots.toast.saveFailed'),
        description: other[0] ?? result.message ?? t('adminDemoBots.toast.saveFallback'),
      });
      return;
    }
    toaster.create({ type: 'success', title: savedTitle });
    startAdding();
  }
  const failed = (error: Error) => {
    toaster.create({
      type: 'error',
      title: t('adminDemoBots.toast.saveFailed'),
      description: error.message || t('adminDemoBots.toast.saveFallback'),
    });
  };

  function submit() {
    if (limitReached) {
      toaster.create({ type: 'error', title: t('adminDemoBots.toast.limit') });
      return;
    }
    setTried(true);
    setServerProblems({});
    if (draft.title.trim() === '' || draft.promptText.trim() === '') return;
    const input = {
      useCase: draft.useCase,
      title: draft.title.trim(),
      description: draft.description.trim(),
      languageCode: draft.languageCode,
      promptText: draft.promptText.trim(),
    };
    if (editing) {
      update({
        variables: { id: editing.id, input },
        onCompleted: ({ updateTemplatePrompt }) => settle(updateTemplatePrompt, t('adminDemoBots.toast.updated')),
        onError: failed,
      });
      return;
    }
    create({
      variables: { input },
      updater: (store, response) => {
        const result = response?.createTemplatePrompt;
        if (result?.__typename !== 'TemplatePrompt' || !result.id) return;
        const template = store.get(result.id);
        const owner = store.get(adminId);
        const list = owner?.getLinkedRecords('templatePrompts') ?? [];
        if (template && owner) owner.setLinkedRecords([...list, template], 'templatePrompts');
      },
      onCompleted: ({ createTemplatePrompt }) => settle(createTemplatePrompt, t('adminDemoBots.toast.added')),
      onError: failed,
    });
  }

  function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    const deleteFailed = (message?: string) => {
      toaster.create({
        type: 'error',
        title: t('adminDemoBots.toast.deleteFailed'),
        description: message || t('adminDemoBots.toast.deleteFallback'),
      });
    };
    remove({
      variables: { id: target.id },
      updater: (store, response) => {
        if (response?.deleteTemplatePrompt.__typename !== 'DeletedTemplatePromptPayload') return;
        const owner = store.get(adminId);
        const list = owner?.getLinkedRecords('templatePrompts') ?? [];
        owner?.setLinkedRecords(
          list.filter((record) => record?.getDataID() !== target.id),
          'templatePrompts',
        );
        store.delete(target.id);
      },
      onCompleted: ({ deleteTemplatePrompt }) => {
        if (deleteTemplatePrompt.__typename !== 'DeletedTemplatePromptPayload') {
          deleteFailed(deleteTemplatePrompt.message);
          return;
        }
        toaster.create({ type: 'success', title: t('adminDemoBots.toast.deleted') });
        if (editing?.id === target.id) startAdding();
        setDeleting(null);
      },
      onError: (error) => deleteFailed(error.message),
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

      <Card.Root as="section" aria-labelledby="template-form-title">
        <Card.Body asChild gap="4">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Heading as="h2" size="lg" id="template-form-title">
              {editing ? t('adminDemoBots.form.updateTitle', { title: editing.title }) : t('adminDemoBots.form.addTitle')}
            </Heading>
            {limitReached && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>{t('adminDemoBots.form.limitReached')}</Alert.Description>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField
                label={t('adminDemoBots.useCase')}
                value={draft.useCase}
                options={USE_CASES.map((value) => ({ value, label: t(`adminDemoBots.useCases.${value}`) }))}
                onChange={(value) => change('useCase', value)}
              />
              <SelectField
                label={t('adminDemoBots.language')}
                value={draft.languageCode}
                options={BOT_LANGUAGES.map((value) => ({ value, label: t(`adminDemoBots.languages.${value}`) }))}
                onChange={(value) => change('languageCode', value)}
              />
            </SimpleGrid>
            <Field.Root required invalid={Boolean(errorOf('title'))}>
              <Field.Label>
                {t('adminDemoBots.form.title')} <Field.RequiredIndicator />
              </Field.Label>
              <Input value={draft.title} maxLength={120} onChange={(event) => change('title', event.currentTarget.value)} />
              <Field.ErrorText>{errorOf('title')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('description'))}>
              <Field.Label>{t('adminDemoBots.form.description')}</Field.Label>
              <Textarea
                value={draft.description}
                maxLength={500}
                rows={2}
                onChange={(event) => change('description', event.currentTarget.value)}
              />
              <Field.ErrorText>{errorOf('description')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(errorOf('promptText'))}>
              <Field.Label>
                {t('adminDemoBots.form.promptText')} <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                value={draft.promptText}
                maxLength={20000}
                rows={6}
                onChange={(event) => change('promptText', event.currentTarget.value)}
              />
              <Field.ErrorText>{errorOf('promptText')}</Field.ErrorText>
            </Field.Root>
            <HStack gap="2" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={creating || updating}>
                {editing ? t('adminDemoBots.form.update') : t('adminDemoBots.form.add')}
              </Button>
              {editing && (
                <Button variant="outline" onClick={startAdding}>
                  {t('adminDemoBots.form.cancelEdit')}
                </Button>
              )}
            </HStack>
          </form>
        </Card.Body>
      </Card.Root>

      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('adminDemoBots.deleteTitle')}
        message={deleting ? t('adminDemoBots.deleteMessage', { title: deleting.title }) : ''}
        confirmLabel={t('adminDemoBots.deleteConfirm')}
        deleting={removing}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
