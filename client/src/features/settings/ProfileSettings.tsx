import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { ProfileSettingsFragment$key } from './__generated__/ProfileSettingsFragment.graphql.ts';
import { ProfileEmailForm } from './ProfileEmailForm.tsx';
import { ProfileNameForm } from './ProfileNameForm.tsx';
import { ProfilePasswordForm } from './ProfilePasswordForm.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** The profile tab: name, sign-in email and password, each saved on its own. */
export function ProfileSettings({ viewer }: { viewer: ProfileSettingsFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment ProfileSettingsFragment on User {
        ...ProfileNameFormFragment
        ...ProfileEmailFormFragment
        ...ProfilePasswordFormFragment
      }
    `,
    viewer,
  );
  const sections = [
    { id: 'profile-name-title', title: t('settings.profile.nameTitle'), form: <ProfileNameForm viewer={data} /> },
    { id: 'profile-email-title', title: t('settings.profile.emailTitle'), form: <ProfileEmailForm viewer={data} /> },
    { id: 'profile-password-title', title: t('settings.profile.passwordTitle'), form: <ProfilePasswordForm viewer={data} /> },
  ];
  return (
    <Stack gap="6">
      {sections.map((section) => (
        <SectionCard key={section.id} titleId={section.id} title={section.title} maxWidth="lg">
          {section.form}
        </SectionCard>
      ))}
    </Stack>
  );
}
