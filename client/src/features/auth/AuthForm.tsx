import { Button, Input, Link, Separator, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError, authApi } from '../../session/api.ts';
import { landingAfterSignIn, rememberPlanChoice } from '../../session/planChoice.ts';
import { homeOf, useSession } from '../../session/SessionProvider.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { FieldFrame, TextField } from '../../ui/TextField.tsx';
import type { AuthMode } from './authMode.ts';
import { DemoAccountButtons } from './DemoAccountButtons.tsx';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { usePublicConfig } from './publicConfig.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function AuthForm({
  mode,
  plan = null,
  onRegistered,
}: {
  mode: AuthMode;
  /** The plan picked on the landing, for the free trial. */
  plan?: string | null;
  onRegistered: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const publicConfig = usePublicConfig();

  async function signInNow() {
    try {
      const user = await signIn(email, password);
      // Someone who picked a plan on the landing and already has an account buys it now.
      if (plan) rememberPlanChoice(plan);
      toaster.create({ type: 'success', title: t('auth.toast.loginSuccess') });
      void navigate(landingAfterSignIn(homeOf(user), user.role !== 'ADMIN'), { replace: true });
    } catch (error) {
      toaster.create({ type: 'error', title: t('auth.toast.loginFailed'), description: messageOf(error) });
    }
  }

  async function signUpNow() {
    try {
      await authApi.register(fullName, email, password, plan);
      if (plan) rememberPlanChoice(plan);
      toaster.create({ type: 'success', title: t('auth.toast.signupSuccess') });
      toaster.create({ type: 'info', title: t('auth.toast.accountCreated'), description: t('auth.toast.checkEmail') });
      onRegistered(email);
    } catch (error) {
      const exists = messageOf(error).toLowerCase().includes('already');
      // A refusal of what was typed (a short password, an invalid address) says what to change.
      const refusedInput = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toaster.create({
        type: 'error',
        title: t('auth.toast.signupFailed'),
        description: exists ? t('auth.toast.emailRegistered') : refusedInput ? error.message : t('auth.toast.registrationFailed'),
      });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    await (mode === 'signin' ? signInNow() : signUpNow());
    setSubmitting(false);
  }

  return (
    <Stack gap="4">
      <Stack as="form" gap="4" onSubmit={submit}>
        {mode === 'signup' && <TextField label={t('auth.name')} required value={fullName} onChange={setFullName} autoComplete="name" />}
        <TextField label={t('auth.email')} required type="email" value={email} onChange={setEmail} autoComplete="email" />
        <FieldFrame label={t('auth.password')} required helper={mode === 'signup' ? t('auth.passwordHint') : undefined}>
          <Input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          />
          {mode === 'signin' && (
            <Link asChild colorPalette="brand" fontSize="sm" alignSelf="end">
              <RouterLink to={email.trim() ? `/forgot-password?${new URLSearchParams({ email: email.trim() })}` : '/forgot-password'}>
                {t('auth.forgotPassword')}
              </RouterLink>
            </Link>
          )}
        </FieldFrame>
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText={t('auth.waiting')}>
          {t(mode === 'signin' ? 'auth.signIn' : 'auth.signUp')}
        </Button>
      </Stack>
      <Separator />
      <DemoAccountButtons
        accounts={publicConfig?.demo_accounts ?? null}
        onPick={(account) => {
          setEmail(account.email);
          setPassword(account.password);
        }}
      />
      <GoogleSignInButton enabled={publicConfig?.google_sign_in ?? false} plan={plan} />
    </Stack>
  );
}
