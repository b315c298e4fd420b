import { Alert, Button, Card, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { useSearchParams } from 'react-router';
import { authApi } from '../../session/api.ts';
import { withoutIssue } from '../../ui/fieldIssues.ts';
import { NewPasswordFields, newPasswordIssues, type NewPassword, type NewPasswordIssues } from '../../ui/PasswordFields.tsx';
import { PublicPage } from '../../ui/PublicPage.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string } | null;

/** `/reset-password?token=`: the page a reset mail links to, where the new password is chosen. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [newPassword, setNewPassword] = useState<NewPassword>({ newPassword: '', confirmation: '' });
  const [issues, setIssues] = useState<NewPasswordIssues>({});
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordIssues(t, newPassword);
    setIssues(found);
    if (Object.keys(found).length > 0 || !token) return;
    setSubmitting(true);
    try {
      await authApi.resetPassword(token, newPassword.newPassword);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: messageOf(error) });
    } finally {
      setSubmitting(false);
    }
  }

  const requestAgain = (
    <LinkButton to="/forgot-password" variant="plain" colorPalette="brand" paddingX="0">
      {t('passwordReset.requestAgain')}
    </LinkButton>
  );

  return (
    <PublicPage title={t('passwordReset.resetTitle')}>
      <Card.Root maxWidth="md">
        <Card.Body gap="5">
          {!token ? (
            <Stack gap="3" align="start" role="status">
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{t('passwordReset.missingToken')}</Alert.Title>
              </Alert.Root>
              {requestAgain}
            </Stack>
          ) : outcome?.kind === 'done' ? (
            <Stack gap="4" align="start" role="status">
              <Alert.Root status="success">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('passwordReset.doneTitle')}</Alert.Title>
                  <Alert.Description>{t('passwordReset.done')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <LinkButton to="/?auth=signin" colorPalette="brand">
                {t('passwordReset.signIn')}
              </LinkButton>
            </Stack>
          ) : (
            <Stack asChild gap="4">
              <form onSubmit={submit} noValidate>
                {outcome?.kind === 'failed' && (
                  <Stack gap="2" align="start">
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{t('passwordReset.failed')}</Alert.Title>
                        <Alert.Description>{outcome.message}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                    {requestAgain}
                  </Stack>
                )}
                <NewPasswordFields
                  value={newPassword}
                  onChange={(value, edited) => {
                    setNewPassword(value);
                    setIssues((current) => withoutIssue(current, edited));
                  }}
                  issues={issues}
                />
                <Button type="submit" colorPalette="brand" loading={submitting} loadingText={t('passwordReset.waiting')}>
                  {t('passwordReset.save')}
                </Button>
              </form>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
