import { Button, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { CreateBotDialogMutation } from './__generated__/CreateBotDialogMutation.graphql.ts';
import { prependBot } from './botCount.ts';
import { ModalDialog } from '../../ui/ModalDialog.tsx';

export const USE_CASES = ['personal-assistant', 'customer-support', 'lead-generation', 'faq-bot', 'e-commerce', 'booking', 'custom'] as const;

const FORM_ID = 'create-bot-form';

/** Creates a bot from its name, use case and description; the list shows it at once. */
export function CreateBotDialog({ connectionId, disabled }: { connectionId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [useCase, setUseCase] = useState<string>(USE_CASES[1]);
  const [description, setDescription] = useState('');
  const [commit, creating] = useMutation<CreateBotDialogMutation>(graphql`
    mutation CreateBotDialogMutation($input: BotInput!) {
      createBot(input: $input) {
        __typename
        ... on Bot {
          id
          ...BotCardFragment @alias
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function close() {
    setOpen(false);
    setName('');
    setDescription('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const failed = (message?: string) => {
      toaster.create({ type: 'error', title: t('chatbots.toast.saveFailed'), description: message || t('chatbots.toast.saveFallback') });
    };
    commit({
      variables: { input: { name: name.trim(), displayName: name.trim(), useCase, description: description.trim() } },
      updater: (store) => prependBot(store, connectionId, 'createBot'),
      onCompleted: ({ createBot }) => {
        if (createBot.__typename !== 'Bot') {
          failed(createBot.message);
          return;
        }
        toaster.create({ type: 'success', title: t('chatbots.toast.saved') });
        close();
      },
      onError: (error) => failed(error.message),
    });
  }

  return (
    <>
      <Button colorPalette="brand" disabled={disabled} onClick={() => setOpen(true)}>
        {t('chatbots.create')}
      </Button>
      <ModalDialog
        open={open}
        onClose={close}
        title={t('chatbots.createDialog.title')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} colorPalette="brand" loading={creating}>
              {t('chatbots.createDialog.submit')}
            </Button>
          </>
        }
      >
        <Stack as="form" id={FORM_ID} gap="4" onSubmit={submit}>
          <Field.Root required>
            <Field.Label>
              {t('chatbots.createDialog.name')} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('chatbots.createDialog.useCase')} <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={useCase} onChange={(event) => setUseCase(event.currentTarget.value)}>
                {USE_CASES.map((value) => (
                  <option key={value} value={value}>
                    {t(`chatbots.useCases.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('chatbots.createDialog.description')} <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={description} maxLength={5000} onChange={(event) => setDescription(event.currentTarget.value)} />
          </Field.Root>
        </Stack>
      </ModalDialog>
    </>
  );
}
