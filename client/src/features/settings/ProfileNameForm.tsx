import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { ProfileNameFormFragment$key } from './__generated__/ProfileNameFormFragment.graphql.ts';
import type { ProfileNameFormMutation } from './__generated__/ProfileNameFormMutation.graphql.ts';

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
  const { submit, inFlight, setIssues, bindField } = useFormMutation<ProfileNameFormMutation, (typeof FIELDS)[number]>(
    graphql`
      mutation ProfileNameFormMutation($fullName: String!) {
        updateProfile(fullName: $fullName) {
          ... on User {
            id
            fullName
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { fields: FIELDS, failedTitle: t('settings.profile.nameFailed') },
  );

  function save(event: FormEvent) {
    event.preventDefault();
    if (!fullName.trim()) {
      setIssues({ fullName: t('settings.profile.nameRequired') });
      return;
    }
    submit({
      variables: { fullName },
      onSuccess: ({ updateProfile }) => {
        setFullName(updateProfile.fullName ?? fullName.trim());
        toaster.create({ type: 'success', title: t('settings.profile.nameSaved') });
      },
    });
  }

  return (
    <Stack asChild gap="4">
      <form onSubmit={save} noValidate>
        <TextField
          label={t('settings.profile.name')}
          required
          autoComplete="name"
          maxLength={100}
          {...bindField('fullName', fullName, setFullName)}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={inFlight}
          disabled={fullName.trim() === data.fullName}
          loadingText={t('settings.profile.saving')}
        >
          {t('settings.profile.saveName')}
        </Button>
      </form>
    </Stack>
  );
}
