import { Stack, Text } from '@chakra-ui/react';
import { Code } from '../../ui/chakra/Code.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { PublicPage } from '../../ui/PublicPage.tsx';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user, refreshUser } = useSession();
  const signedIn = user !== null;
  // A paid checkout changes the plan: the shell should show the new one.
  useEffect(() => {
    if (signedIn) void refreshUser();
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit
  return (
    <PublicPage title={t('payment.success.title')}>
      <Stack gap="4" align="start">
        <Text>{t('payment.success.message')}</Text>
        {sessionId && (
          <Text>
            {t('payment.success.session')} <Code>{sessionId}</Code>
          </Text>
        )}
        <LinkButton to="/dashboard" colorPalette="brand">
          {t('payment.toDashboard')}
        </LinkButton>
      </Stack>
    </PublicPage>
  );
}
