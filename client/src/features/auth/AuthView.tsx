import { Alert, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { LANDING_PLANS } from '../landing/plans.ts';
import { AuthForm } from './AuthForm.tsx';
import { VerifyEmailSentPanel } from './VerifyEmailSentPanel.tsx';

export type AuthMode = 'signin' | 'signup';

/** The landing plan a sign-up is for: one of the landing's plans, else none (the server then gives Starter). */
const landingPlanOf = (plan: string | null | undefined) => LANDING_PLANS.find((known) => known.id === plan?.toLowerCase())?.id ?? null;

/**
 * Sign in or sign up; after a sign-up, the verify-your-email panel. `plan` is the plan picked on the
 * landing: the sign-up carries it, and its free trial starts when the email is verified.
 */
export function AuthView({ mode, authError, plan = null }: { mode: AuthMode; authError: string | null; plan?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const trialPlan = landingPlanOf(plan);
  const switchTo = (next: AuthMode) =>
    void navigate(`/?${new URLSearchParams({ auth: next, ...(trialPlan ? { plan: trialPlan } : {}) })}`, { replace: true });

  return (
    <Box minHeight="100vh" bg="brand.subtle" paddingX="4" paddingY="8">
      <Stack maxWidth="md" marginX="auto" gap="4">
        <Stack direction="row" justify="space-between">
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/">{t('auth.backHome')}</RouterLink>
          </Button>
          <LanguageSwitcher />
        </Stack>
        <Card.Root>
          <Card.Body gap="5">
            {registeredEmail ? (
              <VerifyEmailSentPanel
                email={registeredEmail}
                onBackToLogin={() => {
                  setRegisteredEmail(null);
                  switchTo('signin');
                }}
              />
            ) : (
              <>
                <Heading as="h1" size="2xl">
                  {t(mode === 'signin' ? 'auth.signInTitle' : 'auth.signUpTitle')}
                </Heading>
                {mode === 'signup' && (
                  <Text color="fg.muted">
                    {trialPlan ? t('auth.trialOfPlan', { plan: t(`landing.pricing.plans.${trialPlan}`) }) : t('auth.trialDefault')}
                  </Text>
                )}
                {authError && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{authError}</Alert.Title>
                  </Alert.Root>
                )}
                <AuthForm key={mode} mode={mode} plan={trialPlan} onRegistered={setRegisteredEmail} />
                <Button variant="plain" colorPalette="brand" onClick={() => switchTo(mode === 'signin' ? 'signup' : 'signin')}>
                  {t(mode === 'signin' ? 'auth.toSignUp' : 'auth.toSignIn')}
                </Button>
              </>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}
