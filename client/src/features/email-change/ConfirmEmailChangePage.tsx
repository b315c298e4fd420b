import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { useSearchParams } from 'react-router';
import { authApi } from '../../session/api.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { PublicPage } from '../../ui/PublicPage.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Status = { kind: 'idle' } | { kind: 'confirming' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/**
 * `/confirm-email-change?token=`: the page the mail to a new address links to. The change is made by
 * a click, not on load, so that a mail scanner opening the link does not use it up.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, refreshUser } = useSession();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function confirm() {
    if (!token) return;
    setStatus({ kind: 'confirming' });
    try {
      const { user: changed } = await authApi.confirmEmailChange(token);
      // This browser's session may be the account's: its shell shows the new address at once.
      if (user?.id === changed.id) await refreshUser();
      setStatus({ kind: 'done', email: changed.email });
    } catch (error) {
      setStatus({ kind: 'failed', message: messageOf(error) });
    }
  }

  return (
    <PublicPage title={t('emailChange.title')}>
      <Stack gap="4" align="start" maxWidth="xl" role="status">
        {!token ? (
          <Text>{t('emailChange.missingToken')}</Text>
        ) : status.kind === 'done' ? (
          <>
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('emailChange.doneTitle')}</Alert.Title>
                <Alert.Description>{t('emailChange.done', { email: status.email })}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <LinkButton to={user ? '/settings' : '/?auth=signin'} colorPalette="brand">
              {t(user ? 'emailChange.toSettings' : 'emailChange.signIn')}
            </LinkButton>
          </>
        ) : (
          <>
            <Text>{t('emailChange.explain')}</Text>
            {status.kind === 'failed' && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('emailChange.failed')}</Alert.Title>
                  <Alert.Description>{status.message}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Button
              colorPalette="brand"
              onClick={() => void confirm()}
              loading={status.kind === 'confirming'}
              loadingText={t('emailChange.confirming')}
            >
              {t('emailChange.confirm')}
            </Button>
          </>
        )}
      </Stack>
    </PublicPage>
  );
}
