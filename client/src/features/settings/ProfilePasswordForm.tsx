import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { NewPasswordFields, newPasswordIssues, CurrentPasswordField, type NewPassword } from '../../ui/PasswordFields.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ProfilePasswordFormFragment$key } from './__generated__/ProfilePasswordFormFragment.graphql.ts';
import type { ProfilePasswordFormMutation } from './__generated__/ProfilePasswordFormMutation.graphql.ts';
import { WRONG_CURRENT_PASSWORD } from './profileFailures.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;
const NO_NEW_PASSWORD: NewPassword = { newPassword: '', confirmation: '' };

/**
 * Changes the password (the current one is needed), or sets the first one of an account created
 * through Google, which has none. The server signs the other sessions out; this one stays.
 */
export function ProfilePasswordForm({ viewer }: { viewer: ProfilePasswordFormFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ProfilePasswordFormFragment on User {
        hasPassword
      }
    `,
    viewer,
  );
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);
  const { submit, inFlight, issues, setIssues, clearIssue, bindField } = useFormMutation<
    ProfilePasswordFormMutation,
    (typeof FIELDS)[number]
  >(
    graphql`
      mutation ProfilePasswordFormMutation($currentPassword: String, $newPassword: String!) {
        changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
          ... on User {
            id
            hasPassword
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      fields: FIELDS,
      failedTitle: t('settings.profile.passwordFailed'),
      knownFailures: WRONG_CURRENT_PASSWORD,
    },
  );

  function save(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(data.hasPassword && !currentPassword ? { currentPassword: t('settings.profile.currentPasswordRequired') } : {}),
      ...newPasswordIssues(t, newPassword),
    };
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const hadPassword = data.hasPassword;
    submit({
      variables: { currentPassword: hadPassword ? currentPassword : null, newPassword: newPassword.newPassword },
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword(NO_NEW_PASSWORD);
        toaster.create({
          type: 'success',
          title: t(hadPassword ? 'settings.profile.passwordChanged' : 'settings.profile.passwordSet'),
          description: t('settings.profile.othersSignedOut'),
        });
      },
    });
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={save} noValidate>
        {data.hasPassword ? (
          <CurrentPasswordField {...bindField('currentPassword', currentPassword, setCurrentPassword)} />
        ) : (
          <Text color="fg.muted">{t('settings.profile.noPassword')}</Text>
        )}
        <NewPasswordFields
          value={newPassword}
          onChange={(value, edited) => {
            setNewPassword(value);
            clearIssue(edited);
          }}
          issues={issues}
        />
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={inFlight} loadingText={t('settings.profile.saving')}>
          {t(data.hasPassword ? 'settings.profile.changePassword' : 'settings.profile.setPassword')}
        </Button>
      </form>
    </Stack>
  );
}
