import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { useSearchParams } from 'react-router';
import { authApi } from '../../session/api.ts';
import { PublicPage } from '../../ui/PublicPage.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { TextField } from '../../ui/TextField.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `/forgot-password`: asks for the address to mail a reset link to (`?email=` fills it in). The
 * server answers alike whether or not the address has an account, and so does this page.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await authApi.requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (error) {
      toaster.create({ type: 'error', title: t('passwordReset.requestFailed'), description: messageOf(error) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicPage title={t('passwordReset.forgotTitle')}>
      <Card.Root maxWidth="md">
        <Card.Body gap="5">
          {sentTo ? (
            <Stack gap="4" align="start">
              <Alert.Root status="success">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('passwordReset.sentTitle')}</Alert.Title>
                  <Alert.Description>{t('passwordReset.sent', { email: sentTo })}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <Button variant="ghost" colorPalette="brand" onClick={() => setSentTo(null)}>
                {t('passwordReset.sendAgain')}
              </Button>
            </Stack>
          ) : (
            <Stack as="form" gap="4" onSubmit={submit}>
              <Text color="fg.muted">{t('passwordReset.forgotHelp')}</Text>
              <TextField label={t('passwordReset.email')} required type="email" value={email} onChange={setEmail} autoComplete="email" />
              <Button type="submit" colorPalette="brand" loading={submitting} loadingText={t('passwordReset.waiting')}>
                {t('passwordReset.sendLink')}
              </Button>
            </Stack>
          )}
          <LinkButton to="/?auth=signin" variant="ghost" alignSelf="start">
            {t('passwordReset.backToSignIn')}
          </LinkButton>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
