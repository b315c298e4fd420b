import { Alert, Avatar, Badge, Card, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation, useRefetchableFragment } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { GoogleService, IntegrationsSettingsConnectMutation } from './__generated__/IntegrationsSettingsConnectMutation.graphql.ts';
import type { IntegrationsSettingsDisconnectMutation } from './__generated__/IntegrationsSettingsDisconnectMutation.graphql.ts';
import type { IntegrationsSettingsFragment$key } from './__generated__/IntegrationsSettingsFragment.graphql.ts';
import type { IntegrationsSettingsRefetchQuery } from './__generated__/IntegrationsSettingsRefetchQuery.graphql.ts';
import { openGooglePopup, watchGooglePopup } from './googlePopup.ts';

const SERVICES: readonly { service: GoogleService; field: 'sheetsConnected' | 'calendarConnected' | 'driveConnected' }[] = [
  { service: 'sheets', field: 'sheetsConnected' },
  { service: 'calendar', field: 'calendarConnected' },
  { service: 'drive', field: 'driveConnected' },
];

/** Settings › Integrations: connect Google services through the sign-in popup, see the account, disconnect. */
export function IntegrationsSettings({ viewer }: { viewer: IntegrationsSettingsFragment$key }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment<IntegrationsSettingsRefetchQuery, IntegrationsSettingsFragment$key>(
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
  const [blocked, setBlocked] = useState(false);
  const [waitingFor, setWaitingFor] = useState<GoogleService | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);
  const [connect, authorizing] = useMutation<IntegrationsSettingsConnectMutation>(graphql`
    mutation IntegrationsSettingsConnectMutation($service: GoogleService!) {
      authorizeGoogle(service: $service) {
        __typename
        ... on GoogleAuthorization {
          url
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [disconnect, disconnecting] = useMutation<IntegrationsSettingsDisconnectMutation>(graphql`
    mutation IntegrationsSettingsDisconnectMutation($service: GoogleService!) {
      disconnectGoogle(service: $service) {
        __typename
        ... on User {
          ...IntegrationsSettingsFragment @alias
        }
      }
    }
  `);
  const { googleIntegration: status } = data;

  function startConnecting(service: GoogleService) {
    const popup = openGooglePopup(window as never);
    setBlocked(popup === null);
    if (!popup) return;
    const failed = (message?: string) => {
      popup.close();
      toaster.create({
        type: 'error',
        title: t('settings.integrations.connectFailed'),
        description: message || t('settings.integrations.statusFallback'),
      });
    };
    connect({
      variables: { service },
      onCompleted: ({ authorizeGoogle: result }) => {
        if (result.url === undefined) {
          failed(result.message);
          return;
        }
        popup.location.href = result.url;
        stopWatching.current?.();
        setWaitingFor(service);
        stopWatching.current = watchGooglePopup(window as never, popup, (outcome) => {
          stopWatching.current = null;
          setWaitingFor(null);
          refetch({}, { fetchPolicy: 'network-only' });
          if (outcome.kind === 'connected') {
            toaster.create({
              type: 'success',
              title: t('settings.integrations.connected'),
              description: t(`settings.integrations.services.${service}`),
            });
          }
        });
      },
      onError: () => {
        failed();
      },
    });
  }

  function stopConnection(service: GoogleService) {
    disconnect({
      variables: { service },
      onCompleted: () => {
        toaster.create({
          type: 'success',
          title: t('settings.integrations.disconnected'),
          description: t(`settings.integrations.services.${service}`),
        });
      },
      onError: () => {
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
      {blocked && (
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
              return (
                <HStack key={service} justify="space-between" gap="3" flexWrap="wrap">
                  <HStack gap="2">
                    <Text fontWeight="medium">{t(`settings.integrations.services.${service}`)}</Text>
                    <Badge colorPalette={connected ? 'green' : 'gray'}>
                      {connected ? t('settings.integrations.statusConnected') : t('settings.integrations.statusDisconnected')}
                    </Badge>
                    {waitingFor === service && (
                      <Text fontSize="sm" color="fg.muted" role="status">
                        {t('settings.integrations.waiting')}
                      </Text>
                    )}
                  </HStack>
                  <Switch.Root
                    checked={connected}
                    disabled={authorizing || disconnecting || waitingFor !== null}
                    onCheckedChange={({ checked }) => (checked ? startConnecting(service) : stopConnection(service))}
                  >
                    <Switch.HiddenInput
                      aria-label={t('settings.integrations.toggleLabel', { service: t(`settings.integrations.services.${service}`) })}
                    />
                    <Switch.Control />
                  </Switch.Root>
                </HStack>
              );
            })}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
