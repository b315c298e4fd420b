import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { ProfileNameFormFragment$key } from './__generated__/ProfileNameFormFragment.graphql.ts';
import type { ProfileNameFormMutation } from './__generated__/ProfileNameFormMutation.graphql.ts';
import { useProfileOutcome } from './profileOutcome.ts';

const FIELDS = ['fullName'] as const;

/** The viewer's name, saved on submit. */
export function ProfileNameForm({ viewer }: { viewer: ProfileNameFormFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ProfileNameFormFragment on User {
        fullName
      }
    `,
    viewer,
  );
  const [fullName, setFullName] = useState(data.fullName);
  const { issues, setIssues, settle, failed, clearIssue } = useProfileOutcome(FIELDS, t('settings.profile.nameFailed'));
  const [commit, saving] = useMutation<ProfileNameFormMutation>(graphql`
    mutation ProfileNameFormMutation($fullName: String!) {
      updateProfile(fullName: $fullName) {
        __typename
        ... on User {
          id
          fullName
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
    if (!fullName.trim()) {
      setIssues({ fullName: t('settings.profile.nameRequired') });
      return;
    }
    commit({
      variables: { fullName },
      onCompleted: ({ updateProfile }) => {
        if (!settle(updateProfile, 'User')) return;
        setFullName(updateProfile.fullName ?? fullName.trim());
        toaster.create({ type: 'success', title: t('settings.profile.nameSaved') });
      },
      onError: failed,
    });
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate>
        <Field.Root required invalid={Boolean(issues.fullName)}>
          <Field.Label>
            {t('settings.profile.name')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={fullName}
            onChange={(event) => {
              setFullName(event.currentTarget.value);
              clearIssue('fullName');
            }}
            autoComplete="name"
            maxLength={100}
          />
          {issues.fullName && <Field.ErrorText>{issues.fullName}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={saving}
          disabled={fullName.trim() === data.fullName}
          loadingText={t('settings.profile.saving')}
        >
          {t('settings.profile.saveName')}
        </Button>
      </form>
    </Stack>
  );
}
