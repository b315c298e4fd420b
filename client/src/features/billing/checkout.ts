import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { checkoutCreditMutation, checkoutCreditMutation$data } from './__generated__/checkoutCreditMutation.graphql.ts';
import type {
  checkoutSubscriptionMutation,
  checkoutSubscriptionMutation$data,
} from './__generated__/checkoutSubscriptionMutation.graphql.ts';
import { useBrowserNavigation } from './browserNavigation.tsx';

type CheckoutResult =
  checkoutCreditMutation$data['createCreditCheckoutSession'] | checkoutSubscriptionMutation$data['createSubscriptionCheckoutSession'];

/**
 * Starts a Stripe Checkout for a credit pack or a first subscription and sends the browser to the
 * address the server returns; a failure stays on the page with the server's reason.
 */
export function useCheckout(kind: 'credit' | 'subscription') {
  const { t } = useTranslation();
  const navigation = useBrowserNavigation();
  const [commitCredit, creditPending] = useMutation<checkoutCreditMutation>(graphql`
    mutation checkoutCreditMutation($planId: ID!) {
      createCreditCheckoutSession(planId: $planId) {
        __typename
        ... on CheckoutSession {
          checkoutUrl
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitSubscription, subscriptionPending] = useMutation<checkoutSubscriptionMutation>(graphql`
    mutation checkoutSubscriptionMutation($planId: ID!) {
      createSubscriptionCheckoutSession(planId: $planId) {
        __typename
        ... on CheckoutSession {
          checkoutUrl
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const failed = (message?: string) => {
    toaster.create({
      type: 'error',
      title: kind === 'credit' ? t('billing.credits.checkoutFailed') : t('billing.subscription.checkoutFailed'),
      description: message || t('common.unexpectedError'),
    });
  };

  function redirect(result: CheckoutResult) {
    if (result.__typename !== 'CheckoutSession') failed(result.message);
    else if (!result.checkoutUrl) failed(t('billing.credits.missingCheckoutUrl'));
    else navigation.goTo(result.checkoutUrl);
  }

  function start(planId: string) {
    const variables = { planId };
    const onError = (error: Error) => failed(error.message);
    if (kind === 'credit') commitCredit({ variables, onCompleted: (data) => redirect(data.createCreditCheckoutSession), onError });
    else commitSubscription({ variables, onCompleted: (data) => redirect(data.createSubscriptionCheckoutSession), onError });
  }

  return { start, pending: kind === 'credit' ? creditPending : subscriptionPending };
}
