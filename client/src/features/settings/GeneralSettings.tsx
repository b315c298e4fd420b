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

/** The account's email preferences, each a switch saved as it is toggled, with its words. */
const EMAIL_PREFERENCES = [
  {
    field: 'emailNotifications',
    id: 'email-notifications',
    label: 'settings.general.emailNotifications',
    help: 'settings.general.emailNotificationsHelp',
    turnedOn: 'settings.general.turnedOn',
    turnedOff: 'settings.general.turnedOff',
  },
  {
    field: 'waitingVisitorEmails',
    id: 'waiting-visitor-emails',
    label: 'settings.general.waitingEmails',
    help: 'settings.general.waitingEmailsHelp',
    turnedOn: 'settings.general.waitingEmailsOn',
    turnedOff: 'settings.general.waitingEmailsOff',
  },
] as const;

type EmailPreference = (typeof EMAIL_PREFERENCES)[number];

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

  function toggle({ field, turnedOn, turnedOff }: EmailPreference, checked: boolean) {
    save.submit({
      // The mutation needs the email preference always: it is sent as it is, unless it is the one toggled.
      variables: { emailNotifications: data.emailNotifications, [field]: checked },
      // The switch moves at once; Relay undoes it when the save fails. (An optimistic response would
      // have to give the Error branch's fields as well, for a user.)
      optimisticUpdater: (store) => store.get(data.id)?.setValue(checked, field),
      onSuccess: ({ updateAccountSettings }) => {
        toaster.create({
          type: 'success',
          title: t(updateAccountSettings[field] ? turnedOn : turnedOff),
          description: t('settings.general.savedDescription'),
        });
      },
    });
  }

  return (
    <SectionCard titleId="notifications-title" title={t('settings.general.notificationsTitle')}>
      {EMAIL_PREFERENCES.map((preference) => (
        <PreferenceSwitch
          key={preference.id}
          id={preference.id}
          label={t(preference.label)}
          help={t(preference.help)}
          checked={data[preference.field]}
          disabled={saving}
          onChange={(checked) => toggle(preference, checked)}
        />
      ))}
      <BrowserNotificationsSwitch />
    </SectionCard>
  );
}
