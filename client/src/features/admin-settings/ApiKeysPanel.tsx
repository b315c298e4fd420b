import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ApiKeysPanelFragment$key } from './__generated__/ApiKeysPanelFragment.graphql.ts';
import type { ApiKeysPanelMutation } from './__generated__/ApiKeysPanelMutation.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

const KEY_LABELS: Record<string, string> = {
  stripe_secret_key: 'adminSettings.apiKeys.keys.stripe_secret_key',
  stripe_webhook_secret: 'adminSettings.apiKeys.keys.stripe_webhook_secret',
  whatsapp_access_token: 'adminSettings.apiKeys.keys.whatsapp_access_token',
  whatsapp_phone_number_id: 'adminSettings.apiKeys.keys.whatsapp_phone_number_id',
  whatsapp_verify_token: 'adminSettings.apiKeys.keys.whatsapp_verify_token',
  openai_api_key: 'adminSettings.apiKeys.keys.openai_api_key',
};

interface Entry {
  readonly key: string;
  readonly value: string;
  readonly isSet: boolean;
  readonly updatedAt: string | null | undefined;
}

/** One platform key: its masked value, and a password input to replace it. */
function ConfigKeyRow({ adminId, entry }: { adminId: string; entry: Entry }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [confirmingClear, setConfirmingClear] = useState(false);
  const label = KEY_LABELS[entry.key] ? t(KEY_LABELS[entry.key]!) : entry.key;
  const { submit, inFlight, setIssues, bindField } = useFormMutation<ApiKeysPanelMutation, 'value'>(
    graphql`
      mutation ApiKeysPanelMutation($key: String!, $value: String!) {
        setAdminConfig(key: $key, value: $value) {
          __typename
          ... on AdminConfigEntry {
            key
            value
            isSet
            updatedAt
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      fields: ['value'],
      failedTitle: t('adminSettings.apiKeys.saveFailed'),
      alwaysToast: true,
    },
  );

  function save() {
    if (value.trim() === '') {
      setIssues({ value: t('adminSettings.apiKeys.required') });
      return;
    }
    write(value.trim());
  }

  /** An empty value clears the key: the platform falls back to its environment's value, if any. */
  function write(newValue: string) {
    setIssues({});
    submit({
      variables: { key: entry.key, value: newValue },
      // The entry has no id of its own: copy the answer into the admin's list, found by key.
      updater: (store, response) => {
        if (response?.setAdminConfig.__typename !== 'AdminConfigEntry') return;
        const saved = store.getRootField('setAdminConfig');
        const row = store
          .get(adminId)
          ?.getLinkedRecords('config')
          ?.find((record) => record?.getValue('key') === entry.key);
        if (!saved || !row) return;
        for (const field of ['value', 'isSet', 'updatedAt']) row.setValue(saved.getValue(field), field);
      },
      onSuccess: () => {
        setValue('');
        setConfirmingClear(false);
        toaster.create({
          type: 'success',
          title: newValue === '' ? t('adminSettings.apiKeys.cleared', { key: label }) : t('adminSettings.apiKeys.saved'),
          description: newValue === '' ? undefined : t('adminSettings.apiKeys.savedDescription'),
        });
      },
    });
  }

  return (
    <Stack as="li" gap="2" paddingY="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="1">
        <Text fontWeight="semibold">{label}</Text>
        <Text fontSize="sm" color="fg.muted" fontFamily={entry.isSet ? 'mono' : undefined} overflowWrap="anywhere">
          {entry.isSet ? t('adminSettings.apiKeys.current', { value: entry.value }) : t('adminSettings.apiKeys.notSet')}
          {entry.updatedAt &&
            ` · ${t('adminSettings.apiKeys.updatedAt', {
              date: entry.updatedAt,
            })}`}
        </Text>
      </Stack>
      <Stack
        as="form"
        direction={{ base: 'column', sm: 'row' }}
        gap="2"
        align={{ base: 'stretch', sm: 'start' }}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          type="password"
          autoComplete="off"
          aria-label={t('adminSettings.apiKeys.newValue', { key: label })}
          maxLength={2000}
          flex="1"
          {...bindField('value', value, setValue)}
        />
        <Button type="submit" colorPalette="brand" loading={inFlight} aria-label={t('adminSettings.apiKeys.saveLabel', { key: label })}>
          {t('adminSettings.apiKeys.save')}
        </Button>
        {entry.isSet && (
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirmingClear(true)}
            aria-label={t('adminSettings.apiKeys.clearLabel', { key: label })}
          >
            {t('adminSettings.apiKeys.clear')}
          </Button>
        )}
      </Stack>
      <ConfirmDeleteDialog
        open={confirmingClear}
        onClose={() => setConfirmingClear(false)}
        title={t('adminSettings.apiKeys.clearTitle', { key: label })}
        message={t('adminSettings.apiKeys.clearMessage')}
        confirmLabel={t('adminSettings.apiKeys.clear')}
        deleting={inFlight}
        onConfirm={() => write('')}
      />
    </Stack>
  );
}

/** The six platform keys, masked, each with its own Save. */
export function ApiKeysPanel({ adminId, admin }: { adminId: string; admin: ApiKeysPanelFragment$key }) {
  const { t } = useTranslation();
  const { config } = useFragment(
    graphql`
      fragment ApiKeysPanelFragment on Admin {
        config {
          key
          value
          isSet
          updatedAt
        }
      }
    `,
    admin,
  );
  return (
    <SectionCard titleId="api-keys-title" title={t('adminSettings.apiKeys.title')} gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('adminSettings.apiKeys.help')}
      </Text>
      <Stack as="ul" gap="0" listStyleType="none" margin="0" padding="0">
        {config.map((entry) => (
          <ConfigKeyRow key={entry.key} adminId={adminId} entry={entry} />
        ))}
      </Stack>
    </SectionCard>
  );
}
