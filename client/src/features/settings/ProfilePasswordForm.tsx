import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { ProfilePasswordFormFragment$key } from './__generated__/ProfilePasswordFormFragment.graphql.ts';
import type { ProfilePasswordFormMutation } from './__generated__/ProfilePasswordFormMutation.graphql.ts';
import { useProfileOutcome } from './profileOutcome.ts';

/** The server's rule for a new password (registration's), checked here first to say it in the user's language. */
const MIN_PASSWORD_LENGTH = 8;
const FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;

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
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { issues, setIssues, settle, failed, clearIssue } = useProfileOutcome(FIELDS, t('settings.profile.passwordFailed'));
  const [commit, saving] = useMutation<ProfilePasswordFormMutation>(graphql`
    mutation ProfilePasswordFormMutation($currentPassword: String, $newPassword: String!) {
      changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
        __typename
        ... on User {
          id
          hasPassword
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(data.hasPassword && !currentPassword ? { currentPassword: t('settings.profile.currentPasswordRequired') } : {}),
      ...(newPassword.length < MIN_PASSWORD_LENGTH ? { newPassword: t('settings.profile.tooShort', { count: MIN_PASSWORD_LENGTH }) } : {}),
      ...(confirmation !== newPassword ? { confirmation: t('settings.profile.mismatch') } : {}),
    };
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const hadPassword = data.hasPassword;
    commit({
      variables: { currentPassword: hadPassword ? currentPassword : null, newPassword },
      onCompleted: ({ changePassword }) => {
        if (!settle(changePassword, 'User')) return;
        setCurrentPassword('');
        setNewPassword('');
        setConfirmation('');
        toaster.create({
          type: 'success',
          title: t(hadPassword ? 'settings.profile.passwordChanged' : 'settings.profile.passwordSet'),
          description: t('settings.profile.othersSignedOut'),
        });
      },
      onError: failed,
    });
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate>
        {!data.hasPassword && <Text color="fg.muted">{t('settings.profile.noPassword')}</Text>}
        {data.hasPassword && (
          <Field.Root required invalid={Boolean(issues.currentPassword)}>
            <Field.Label>
              {t('settings.profile.currentPassword')} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.currentTarget.value);
                clearIssue('currentPassword');
              }}
              autoComplete="current-password"
            />
            {issues.currentPassword && <Field.ErrorText>{issues.currentPassword}</Field.ErrorText>}
          </Field.Root>
        )}
        <Field.Root required invalid={Boolean(issues.newPassword)}>
          <Field.Label>
            {t('settings.profile.newPassword')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.currentTarget.value);
              clearIssue('newPassword');
            }}
            autoComplete="new-password"
          />
          {issues.newPassword ? (
            <Field.ErrorText>{issues.newPassword}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('settings.profile.passwordRule', { count: MIN_PASSWORD_LENGTH })}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root required invalid={Boolean(issues.confirmation)}>
          <Field.Label>
            {t('settings.profile.confirmPassword')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              clearIssue('confirmation');
            }}
            autoComplete="new-password"
          />
          {issues.confirmation && <Field.ErrorText>{issues.confirmation}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving} loadingText={t('settings.profile.saving')}>
          {t(data.hasPassword ? 'settings.profile.changePassword' : 'settings.profile.setPassword')}
        </Button>
      </form>
    </Stack>
  );
}
