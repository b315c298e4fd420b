import { Heading, Stack } from '@chakra-ui/react';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { SettingsRouteQuery } from './__generated__/SettingsRouteQuery.graphql.ts';
import { GeneralSettings } from './GeneralSettings.tsx';
import { IntegrationsSettings } from './IntegrationsSettings.tsx';
import { ProfileSettings } from './ProfileSettings.tsx';

export const settingsQuery = graphql`
  query SettingsRouteQuery {
    viewer {
      ...GeneralSettingsFragment
      ...IntegrationsSettingsFragment
      ...ProfileSettingsFragment
    }
  }
`;

export const loader = () => loadQuery<SettingsRouteQuery>(relayEnvironment(), settingsQuery, {}, { fetchPolicy: 'store-and-network' });

export function SettingsScreen({ queryRef }: { queryRef: PreloadedQuery<SettingsRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<SettingsRouteQuery>(settingsQuery, queryRef);
  if (!viewer) return <SessionExpired />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('settings.title')}
      </Heading>
      <Tabs.Root defaultValue="integrations" variant="line" colorPalette="brand">
        <Tabs.List aria-label={t('settings.tabs.label')}>
          <Tabs.Trigger value="integrations">{t('settings.tabs.integrations')}</Tabs.Trigger>
          <Tabs.Trigger value="general">{t('settings.tabs.general')}</Tabs.Trigger>
          <Tabs.Trigger value="profile">{t('settings.tabs.profile')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="integrations">
          <IntegrationsSettings viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="general">
          <GeneralSettings viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <ProfileSettings viewer={viewer} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export function Component() {
  return <SettingsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
