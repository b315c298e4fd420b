import { Stack, Text } from '@chakra-ui/react';
import { Switch } from '../../ui/chakra/Switch.ts';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { GeneralSettingsFragment$key } from './__generated__/GeneralSettingsFragment.graphql.ts';
import type { GeneralSettingsMutation } from './__generated__/GeneralSettingsMutation.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** The general tab: the email-notifications preference, saved on the server as it is toggled. */
export function GeneralSettings({ viewer }: { viewer: GeneralSettingsFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment GeneralSettingsFragment on User {
        id
        emailNotifications
      }
    `,
    viewer,
  );
  const save = useFormMutation<GeneralSettingsMutation>(
    graphql`
      mutation GeneralSettingsMutation($emailNotifications: Boolean!) {
        updateAccountSettings(emailNotifications: $emailNotifications) {
          ... on User {
            id
            emailNotifications
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('settings.general.saveFailed'),
      failedDescription: t('settings.general.saveFailedFallback'),
    },
  );
  const saving = save.inFlight;

  function toggle(emailNotifications: boolean) {
    save.submit({
      variables: { emailNotifications },
      // The switch moves at once; Relay undoes it when the save fails. (An optimistic response would
      // have to give the Error branch's fields as well, for a user.)
      optimisticUpdater: (store) => store.get(data.id)?.setValue(emailNotifications, 'emailNotifications'),
      onSuccess: ({ updateAccountSettings }) => {
        toaster.create({
          type: 'success',
          title: updateAccountSettings.emailNotifications ? t('settings.general.turnedOn') : t('settings.general.turnedOff'),
          description: t('settings.general.savedDescription'),
        });
      },
    });
  }

  return (
    <SectionCard titleId="notifications-title" title={t('settings.general.notificationsTitle')}>
      {/* The whole row is the switch's label, so clicking the text toggles it too. */}
      <Switch.Root
        checked={data.emailNotifications}
        disabled={saving}
        onCheckedChange={(details) => toggle(details.checked)}
        colorPalette="brand"
        width="full"
        justifyContent="space-between"
        gap="6"
      >
        <Switch.HiddenInput aria-labelledby="email-notifications-label" aria-describedby="email-notifications-help" />
        <Stack gap="1">
          <Text fontWeight="medium" id="email-notifications-label">
            {t('settings.general.emailNotifications')}
          </Text>
          <Text fontSize="sm" color="fg.muted" id="email-notifications-help">
            {t('settings.general.emailNotificationsHelp')}
          </Text>
        </Stack>
        <Switch.Control />
      </Switch.Root>
    </SectionCard>
  );
}
