import { Alert, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import type { PricingSectionQuery } from '../landing/__generated__/PricingSectionQuery.graphql.ts';
import { planNamed, pricingQuery, type PricingQueryRef } from '../landing/PricingSection.tsx';
import { AuthForm } from './AuthForm.tsx';
import type { AuthMode } from './authMode.ts';
import { VerifyEmailSentPanel } from './VerifyEmailSentPanel.tsx';

/** The free trial a sign-up starts: of the plan it names, when that plan is on sale (else the server gives Starter). */
function TrialOffer({ plan, plans }: { plan: string | null; plans: PricingQueryRef }) {
  const { t } = useTranslation();
  const { paymentPlans } = usePreloadedQuery<PricingSectionQuery>(pricingQuery, plans);
  const named = planNamed(paymentPlans, plan);
  return <Text color="fg.muted">{named ? t('auth.trialOfPlan', { plan: named.name }) : t('auth.trialDefault')}</Text>;
}

/**
 * Sign in or sign up; after a sign-up, the verify-your-email panel. `plan` is the plan picked on the
 * landing: the sign-up carries it, and its free trial starts when the email is verified.
 */
export function AuthView({
  mode,
  authError,
  plan = null,
  plans,
}: {
  mode: AuthMode;
  authError: string | null;
  plan?: string | null;
  plans: PricingQueryRef;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const trialPlan = plan?.trim().slice(0, 100) || null;
  const switchTo = (next: AuthMode) =>
    void navigate(`/?${new URLSearchParams({ auth: next, ...(trialPlan ? { plan: trialPlan } : {}) })}`, { replace: true });

  return (
    <Box minHeight="100vh" bg="brand.subtle" paddingX="4" paddingY="8">
      <Stack maxWidth="md" marginX="auto" gap="4">
        <Stack direction="row" justify="space-between">
          <LinkButton to="/" variant="ghost" size="sm">
            {t('auth.backHome')}
          </LinkButton>
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
                  <ErrorBoundary fallback={() => <Text color="fg.muted">{t('auth.trialDefault')}</Text>}>
                    <Suspense fallback={<Text color="fg.muted">{t('auth.trialDefault')}</Text>}>
                      <TrialOffer plan={trialPlan} plans={plans} />
                    </Suspense>
                  </ErrorBoundary>
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
