import { Alert, Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { authApi } from '../../session/api.ts';
import { PublicPage } from '../../ui/PublicPage.tsx';

/** The server's rule for a new password (registration's), checked here first to say it in the user's language. */
export const MIN_PASSWORD_LENGTH = 8;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string } | null;

/** `/reset-password?token=`: the page a reset mail links to, where the new password is chosen. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [issues, setIssues] = useState<{ password?: string; confirmation?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** A field edited since its issue was shown: the issue no longer describes it. */
  const clearIssue = (field: 'password' | 'confirmation') =>
    setIssues((current) => (field in current ? { ...current, [field]: undefined } : current));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(password.length < MIN_PASSWORD_LENGTH ? { password: t('passwordReset.tooShort', { count: MIN_PASSWORD_LENGTH }) } : {}),
      ...(confirmation !== password ? { confirmation: t('passwordReset.mismatch') } : {}),
    };
    setIssues(found);
    if (Object.keys(found).length > 0 || !token) return;
    setSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: messageOf(error) });
    } finally {
      setSubmitting(false);
    }
  }

  const requestAgain = (
    <Button asChild variant="plain" colorPalette="brand" paddingX="0">
      <RouterLink to="/forgot-password">{t('passwordReset.requestAgain')}</RouterLink>
    </Button>
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
              <Button asChild colorPalette="brand">
                <RouterLink to="/?auth=signin">{t('passwordReset.signIn')}</RouterLink>
              </Button>
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
                <Field.Root required invalid={Boolean(issues.password)}>
                  <Field.Label>
                    {t('passwordReset.newPassword')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.currentTarget.value);
                      clearIssue('password');
                    }}
                    autoComplete="new-password"
                  />
                  {issues.password ? (
                    <Field.ErrorText>{issues.password}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('passwordReset.rule', { count: MIN_PASSWORD_LENGTH })}</Field.HelperText>
                  )}
                </Field.Root>
                <Field.Root required invalid={Boolean(issues.confirmation)}>
                  <Field.Label>
                    {t('passwordReset.confirmPassword')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="password"
                    value={confirmation}
                    onChange={(event) => {
                      setConfirmation(event.currentTarget.value);
                      clearIssue('confirmation');
                    }}
                    autoComplete="new-password"
                  />
                  {issues.confirmation && <Field.ErrorText>{issues.confirmation}</Field.ErrorText>}
                </Field.Root>
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
