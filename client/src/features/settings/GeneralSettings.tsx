import { Alert, Stack, Text } from '@chakra-ui/react';
import { Switch } from '../../ui/chakra/Switch.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { browserNotificationsSupported, browserNotificationsWanted, setBrowserNotificationsWanted } from '../shell/waitingNotifications.ts';
import type { GeneralSettingsFragment$key } from './__generated__/GeneralSettingsFragment.graphql.ts';
import type { GeneralSettingsMutation } from './__generated__/GeneralSettingsMutation.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** One preference: the whole row is the switch's label, so clicking the text toggles it too. */
function PreferenceSwitch({
  id,
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked)}
      colorPalette="brand"
      width="full"
      justifyContent="space-between"
      gap="6"
    >
      <Switch.HiddenInput aria-labelledby={`${id}-label`} aria-describedby={`${id}-help`} />
      <Stack gap="1">
        <Text fontWeight="medium" id={`${id}-label`}>
          {label}
        </Text>
        <Text fontSize="sm" color="fg.muted" id={`${id}-help`}>
          {help}
        </Text>
      </Stack>
      <Switch.Control />
    </Switch.Root>
  );
}

type Permission = NotificationPermission | 'unsupported';

const permissionNow = (): Permission => (browserNotificationsSupported() ? Notification.permission : 'unsupported');

/**
 * Notifications of waiting visitors in this browser: kept here rather than on the account, and on
 * only while the browser allows them. Turning it on asks the browser; a refusal is said, with where
 * to undo it (a page cannot ask again once refused).
 */
function BrowserNotificationsSwitch() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [wanted, setWanted] = useState(browserNotificationsWanted);
  const [asking, setAsking] = useState(false);

  async function toggle(on: boolean) {
    if (!on) {
      setBrowserNotificationsWanted(false);
      setWanted(false);
      return;
    }
    setAsking(true);
    const answer = await Notification.requestPermission();
    setAsking(false);
    setPermission(answer);
    setBrowserNotificationsWanted(answer === 'granted');
    setWanted(answer === 'granted');
  }

  return (
    <Stack gap="3">
      <PreferenceSwitch
        // A refusal leaves the switch off, where the click had moved it: drawn again, it shows so.
        key={permission}
        id="browser-notifications"
        label={t('settings.general.browserNotifications')}
        help={t('settings.general.browserNotificationsHelp')}
        checked={wanted && permission === 'granted'}
        disabled={asking || permission === 'unsupported' || permission === 'denied'}
        onChange={(on) => void toggle(on)}
      />
      {(permission === 'denied' || permission === 'unsupported') && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>
            {t(permission === 'denied' ? 'settings.general.browserBlocked' : 'settings.general.browserUnsupported')}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The general tab: the notification preferences, the account's saved on the server as they are toggled. */
export function GeneralSettings({ viewer }: { viewer: GeneralSettingsFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment GeneralSettingsFragment on User {
        id
        emailNotifications
        waitingVisitorEmails
      }
    `,
    viewer,
  );
  const save = useFormMutation<GeneralSettingsMutation>(
    graphql`
      mutation GeneralSettingsMutation($emailNotifications: Boolean!, $waitingVisitorEmails: Boolean) {
        updateAccountSettings(emailNotifications: $emailNotifications, waitingVisitorEmails: $waitingVisitorEmails) {
          ... on User {
            id
            emailNotifications
            waitingVisitorEmails
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

  function toggleEmails(emailNotifications: boolean) {
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

  function toggleWaitingEmails(waitingVisitorEmails: boolean) {
    save.submit({
      // The mutation needs the other preference too: it is sent as it is.
      variables: { emailNotifications: data.emailNotifications, waitingVisitorEmails },
      optimisticUpdater: (store) => store.get(data.id)?.setValue(waitingVisitorEmails, 'waitingVisitorEmails'),
      onSuccess: ({ updateAccountSettings }) => {
        toaster.create({
          type: 'success',
          title: updateAccountSettings.waitingVisitorEmails
            ? t('settings.general.waitingEmailsOn')
            : t('settings.general.waitingEmailsOff'),
          description: t('settings.general.savedDescription'),
        });
      },
    });
  }

  return (
    <SectionCard titleId="notifications-title" title={t('settings.general.notificationsTitle')}>
      <PreferenceSwitch
        id="email-notifications"
        label={t('settings.general.emailNotifications')}
        help={t('settings.general.emailNotificationsHelp')}
        checked={data.emailNotifications}
        disabled={saving}
        onChange={toggleEmails}
      />
      <PreferenceSwitch
        id="waiting-visitor-emails"
        label={t('settings.general.waitingEmails')}
        help={t('settings.general.waitingEmailsHelp')}
        checked={data.waitingVisitorEmails}
        disabled={saving}
        onChange={toggleWaitingEmails}
      />
      <BrowserNotificationsSwitch />
    </SectionCard>
  );
}
