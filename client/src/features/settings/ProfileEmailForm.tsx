import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { CurrentPasswordField } from '../../ui/PasswordFields.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ProfileEmailFormCancelMutation } from './__generated__/ProfileEmailFormCancelMutation.graphql.ts';
import type { ProfileEmailFormFragment$key } from './__generated__/ProfileEmailFormFragment.graphql.ts';
import type { ProfileEmailFormMutation } from './__generated__/ProfileEmailFormMutation.graphql.ts';
import { EMAIL_REFUSED, WRONG_CURRENT_PASSWORD } from './profileFailures.ts';

const FIELDS = ['newEmail', 'currentPassword'] as const;
const KNOWN_FAILURES = { ...EMAIL_REFUSED, ...WRONG_CURRENT_PASSWORD };

/**
 * The sign-in address: a new one is mailed a confirmation link, and the account keeps the current
 * address until it is followed, or until the change is cancelled here. The current password is
 * asked for when the account has one.
 */
export function ProfileEmailForm({ viewer }: { viewer: ProfileEmailFormFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ProfileEmailFormFragment on User {
        id
        email
        pendingEmail
        hasPassword
      }
    `,
    viewer,
  );
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const request = useFormMutation<ProfileEmailFormMutation, (typeof FIELDS)[number]>(
    graphql`
      mutation ProfileEmailFormMutation($newEmail: String!, $currentPassword: String) {
        requestEmailChange(newEmail: $newEmail, currentPassword: $currentPassword) {
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      fields: FIELDS,
      failedTitle: t('settings.profile.emailFailed'),
      knownFailures: KNOWN_FAILURES,
    },
  );
  // Its answer is the user without a pending change: the store, and so the notice, follow it.
  const cancel = useFormMutation<ProfileEmailFormCancelMutation>(
    graphql`
      mutation ProfileEmailFormCancelMutation {
        cancelEmailChange {
          ... on User {
            id
            pendingEmail
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { fields: [], failedTitle: t('settings.profile.cancelEmailFailed') },
  );
  const { setIssues, bindField } = request;

  function requestChange(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(!/^\S+@\S+\.\S+$/.test(newEmail.trim()) ? { newEmail: t('settings.profile.emailInvalid') } : {}),
      ...(data.hasPassword && !currentPassword ? { currentPassword: t('settings.profile.currentPasswordRequired') } : {}),
    };
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const requested = newEmail.trim();
    request.submit({
      variables: { newEmail: requested, currentPassword: data.hasPassword ? currentPassword : null },
      // The server keeps the request (the viewer's pendingEmail): the notice stays after a reload.
      updater: (store, response) => {
        if (response && !response.requestEmailChange.error) store.get(data.id)?.setValue(requested, 'pendingEmail');
      },
      onSuccess: () => {
        setNewEmail('');
        setCurrentPassword('');
      },
    });
  }

  function cancelChange() {
    cancel.submit({
      variables: {},
      // Its one failure is NOT_FOUND: no change waits any more (confirmed, expired or cancelled elsewhere).
      updater: (store, response) => {
        if (response?.cancelEmailChange.error) store.get(data.id)?.setValue(null, 'pendingEmail');
      },
      onSuccess: () =>
        toaster.create({
          type: 'success',
          title: t('settings.profile.emailChangeCancelled'),
          description: t('settings.profile.emailChangeCancelledDetail', { email: data.email }),
        }),
    });
  }

  return (
    <Stack gap="4">
      <Text>
        <Trans i18nKey="settings.profile.currentEmail" values={{ email: data.email }} components={{ strong: <strong /> }} />
      </Text>
      {data.pendingEmail && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>{t('settings.profile.emailSentTitle')}</Alert.Title>
            <Alert.Description>{t('settings.profile.emailSent', { email: data.pendingEmail, current: data.email })}</Alert.Description>
            <Button size="sm" variant="outline" alignSelf="start" loading={cancel.inFlight} onClick={cancelChange}>
              {t('settings.profile.cancelEmailChange')}
            </Button>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack asChild gap="4">
        <form onSubmit={requestChange} noValidate>
          <TextField
            label={t('settings.profile.newEmail')}
            required
            type="email"
            autoComplete="email"
            {...bindField('newEmail', newEmail, setNewEmail)}
          />
          {data.hasPassword && <CurrentPasswordField {...bindField('currentPassword', currentPassword, setCurrentPassword)} />}
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={request.inFlight}
            loadingText={t('settings.profile.saving')}
          >
            {t('settings.profile.sendEmailLink')}
          </Button>
        </form>
      </Stack>
    </Stack>
  );
}
