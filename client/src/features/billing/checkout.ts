import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { checkoutCreditMutation } from './__generated__/checkoutCreditMutation.graphql.ts';
import type { checkoutSubscriptionMutation } from './__generated__/checkoutSubscriptionMutation.graphql.ts';
import { useBrowserNavigation } from './browserNavigation.tsx';

/**
 * Starts a Stripe Checkout for a credit pack or a first subscription and sends the browser to the
 * address the server returns; a failure stays on the page with the server's reason.
 */
export function useCheckout(kind: 'credit' | 'subscription') {
  const { t } = useTranslation();
  const navigation = useBrowserNavigation();
  const failedTitle = kind === 'credit' ? t('billing.credits.checkoutFailed') : t('billing.subscription.checkoutFailed');
  const credit = useFormMutation<checkoutCreditMutation>(
    graphql`
      mutation checkoutCreditMutation($planId: ID!) {
        createCreditCheckoutSession(planId: $planId) {
          ... on CheckoutSession {
            checkoutUrl
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle },
  );
  const subscription = useFormMutation<checkoutSubscriptionMutation>(
    graphql`
      mutation checkoutSubscriptionMutation($planId: ID!) {
        createSubscriptionCheckoutSession(planId: $planId) {
          ... on CheckoutSession {
            checkoutUrl
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle },
  );

  function redirect(checkoutUrl: string | null | undefined) {
    if (checkoutUrl) navigation.goTo(checkoutUrl);
    else toaster.create({ type: 'error', title: failedTitle, description: t('billing.credits.missingCheckoutUrl') });
  }

  function start(planId: string) {
    const variables = { planId };
    if (kind === 'credit') credit.submit({ variables, onSuccess: (data) => redirect(data.createCreditCheckoutSession.checkoutUrl) });
    else subscription.submit({ variables, onSuccess: (data) => redirect(data.createSubscriptionCheckoutSession.checkoutUrl) });
  }

  return { start, pending: kind === 'credit' ? credit.inFlight : subscription.inFlight };
}
