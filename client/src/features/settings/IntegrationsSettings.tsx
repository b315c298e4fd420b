import { Alert, Badge, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Avatar } from '../../ui/chakra/Avatar.ts';
import { Switch } from '../../ui/chakra/Switch.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { GoogleService, IntegrationsSettingsConnectMutation } from './__generated__/IntegrationsSettingsConnectMutation.graphql.ts';
import type { IntegrationsSettingsDisconnectMutation } from './__generated__/IntegrationsSettingsDisconnectMutation.graphql.ts';
import type { IntegrationsSettingsFragment$key } from './__generated__/IntegrationsSettingsFragment.graphql.ts';
import IntegrationsStatusQuery, {
  type IntegrationsSettingsRefetchQuery,
} from './__generated__/IntegrationsSettingsRefetchQuery.graphql.ts';
import { useGooglePopup } from './googlePopup.ts';

const SERVICES: readonly { service: GoogleService; field: 'sheetsConnected' | 'calendarConnected' | 'driveConnected' }[] = [
  { service: 'sheets', field: 'sheetsConnected' },
  { service: 'calendar', field: 'calendarConnected' },
  { service: 'drive', field: 'driveConnected' },
];

/**
 * A controlled connect switch. Ark's hidden checkbox is uncontrolled, so a click the state does not
 * follow (popup blocked) would leave it ticked for assistive technology while the switch looks
 * off: put it back after each render.
 */
function ServiceToggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current) input.current.checked = checked;
  });
  return (
    <Switch.Root checked={checked} disabled={disabled} onCheckedChange={(details) => onChange(details.checked)}>
      <Switch.HiddenInput ref={input} aria-label={label} />
      <Switch.Control />
    </Switch.Root>
  );
}

/** Settings › Integrations: connect Google services through the sign-in popup, see the account, disconnect. */
export function IntegrationsSettings({ viewer }: { viewer: IntegrationsSettingsFragment$key }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const data = useFragment(
    graphql`
      fragment IntegrationsSettingsFragment on User @refetchable(queryName: "IntegrationsSettingsRefetchQuery") {
        id
        googleIntegration {
          sheetsConnected
          calendarConnected
          driveConnected
          account {
            name
            email
            picture
          }
        }
      }
    `,
    viewer,
  );
  const popups = useGooglePopup();
  // The switch the user just flipped shows its new position until the attempt ends.
  const [pending, setPending] = useState<{ service: GoogleService; checked: boolean } | null>(null);
  const connect = useFormMutation<IntegrationsSettingsConnectMutation>(
    graphql`
      mutation IntegrationsSettingsConnectMutation($service: GoogleService!) {
        authorizeGoogle(service: $service) {
          ... on GoogleAuthorization {
            url
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('settings.integrations.connectFailed'),
      failedDescription: t('settings.integrations.connectFallback'),
    },
  );
  const authorizing = connect.inFlight;
  const [disconnect, disconnecting] = useMutation<IntegrationsSettingsDisconnectMutation>(graphql`
    mutation IntegrationsSettingsDisconnectMutation($service: GoogleService!) {
      disconnectGoogle(service: $service) {
        ... on User {
          ...IntegrationsSettingsFragment @alias
        }
      }
    }
  `);
  const { googleIntegration: status } = data;

  /**
   * The grant was stored by the OAuth callback, outside GraphQL: read the status again. The answer
   * lands in the store under the viewer's id and re-renders this fragment; a failure is only
   * logged, as the spec says of the status reload.
   */
  function reloadStatus() {
    fetchQuery<IntegrationsSettingsRefetchQuery>(
      environment,
      IntegrationsStatusQuery,
      { id: data.id },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      error: (error: unknown) => console.warn(t('settings.integrations.statusFallback'), error),
    });
  }

  function startConnecting(service: GoogleService) {
    const popup = popups.open();
    if (!popup) return;
    setPending({ service, checked: true });
    connect.submit({
      variables: { service },
      onSuccess: ({ authorizeGoogle: { url } }) => {
        if (url === undefined) return;
        popups.follow(popup, url, (outcome) => {
          setPending(null);
          reloadStatus();
          if (outcome.kind === 'connected') {
            toaster.create({
              type: 'success',
              title: t('settings.integrations.connected'),
              description: t(`settings.integrations.services.${service}`),
            });
          }
        });
      },
      onFailure: () => {
        popup.close();
        setPending(null);
      },
    });
  }

  function stopConnection(service: GoogleService) {
    setPending({ service, checked: false });
    disconnect({
      variables: { service },
      onCompleted: () => {
        setPending(null);
        toaster.create({
          type: 'success',
          title: t('settings.integrations.disconnected'),
          description: t(`settings.integrations.services.${service}`),
        });
      },
      onError: () => {
        setPending(null);
        toaster.create({
          type: 'error',
          title: t('settings.integrations.disconnectFailed'),
          description: t('settings.integrations.disconnectFallback'),
        });
      },
    });
  }

  return (
    <Stack gap="4">
      {popups.blocked && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('settings.integrations.popupBlocked')}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Stack gap="1">
              <Heading as="h2" size="md">
                {t('settings.integrations.googleTitle')}
              </Heading>
              <Text color="fg.muted">{t('settings.integrations.googleHelp')}</Text>
            </Stack>
            {status.account && (
              <HStack gap="3">
                <Avatar.Root size="md">
                  <Avatar.Fallback name={status.account.name} />
                  {status.account.picture && (
                    <Avatar.Image src={status.account.picture} alt={t('settings.integrations.pictureAlt', { name: status.account.name })} />
                  )}
                </Avatar.Root>
                <Stack gap="0">
                  <Text fontWeight="semibold">{status.account.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {status.account.email}
                  </Text>
                </Stack>
              </HStack>
            )}
            {SERVICES.map(({ service, field }) => {
              const connected = status[field];
              const waiting = pending?.service === service && pending.checked;
              return (
                <HStack key={service} justify="space-between" gap="3" flexWrap="wrap">
                  <HStack gap="2">
                    <Text fontWeight="medium">{t(`settings.integrations.services.${service}`)}</Text>
                    <Badge colorPalette={connected ? 'green' : 'gray'}>
                      {connected ? t('settings.integrations.statusConnected') : t('settings.integrations.statusDisconnected')}
                    </Badge>
                    {waiting && (
                      <Text fontSize="sm" color="fg.muted" role="status">
                        {t('settings.integrations.waiting')}
                      </Text>
                    )}
                  </HStack>
                  <ServiceToggle
                    label={t('settings.integrations.toggleLabel', { service: t(`settings.integrations.services.${service}`) })}
                    checked={pending?.service === service ? pending.checked : connected}
                    disabled={pending !== null || authorizing || disconnecting}
                    onChange={(checked) => (checked ? startConnecting(service) : stopConnection(service))}
                  />
                </HStack>
              );
            })}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
