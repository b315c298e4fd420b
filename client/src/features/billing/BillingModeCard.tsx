import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { RadioCard } from '../../ui/chakra/RadioCard.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { BillingModeCardApiKeyMutation } from './__generated__/BillingModeCardApiKeyMutation.graphql.ts';
import type { BillingModeCardClearKeyMutation } from './__generated__/BillingModeCardClearKeyMutation.graphql.ts';
import type { BillingModeCardFragment$key } from './__generated__/BillingModeCardFragment.graphql.ts';
import type { BillingModeCardPlanTypeMutation, PlanType } from './__generated__/BillingModeCardPlanTypeMutation.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

const MODES: readonly PlanType[] = ['credit', 'subscription'];

// What a billing change answers with: the whole billing page's data, so every section shows the change.
graphql`
  fragment BillingModeCardPayloadFragment on BillingPayload {
    viewer {
      billing {
        ...BillingSectionsFragment
      }
    }
  }
`;

/**
 * The billing mode (credits on our AI service, or a subscription with the customer's own key) and
 * the own key itself, shown only masked.
 */
export function BillingModeCard({ viewerId, billing }: { viewerId: string; billing: BillingModeCardFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment BillingModeCardFragment on Billing {
        planType
        apiKey
        hasApiKey
      }
    `,
    billing,
  );
  const [apiKey, setApiKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);

  const setPlanType = useFormMutation<BillingModeCardPlanTypeMutation>(
    graphql`
      mutation BillingModeCardPlanTypeMutation($planType: PlanType!) {
        setBillingPlanType(planType: $planType) {
          ...BillingModeCardPayloadFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('billing.mode.failed') },
  );
  const setBillingKey = useFormMutation<BillingModeCardApiKeyMutation>(
    graphql`
      mutation BillingModeCardApiKeyMutation($apiKey: String!) {
        setBillingApiKey(apiKey: $apiKey) {
          ...BillingModeCardPayloadFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('billing.apiKey.saveFailed') },
  );
  const [commitClearKey, clearingKey] = useMutation<BillingModeCardClearKeyMutation>(graphql`
    mutation BillingModeCardClearKeyMutation {
      clearBillingApiKey {
        ...BillingModeCardPayloadFragment
      }
    }
  `);

  function saveKey(key: string) {
    setBillingKey.submit({
      variables: { apiKey: key },
      onSuccess: () => {
        setApiKey('');
        setKeyError(null);
        toaster.create({ type: 'success', title: t('billing.apiKey.saved') });
      },
      onFailure: (description) => setKeyError(description || t('common.unexpectedError')),
    });
  }

  function switchMode(planType: PlanType) {
    if (planType === data.planType) return;
    setPlanType.submit({
      variables: { planType },
      // The choice shows at once; Relay rolls it back if the server refuses it.
      optimisticUpdater: (store) => store.get(viewerId)?.getLinkedRecord('billing')?.setValue(planType, 'planType'),
      onSuccess: () => {
        toaster.create({
          type: 'success',
          title: t('billing.mode.saved'),
          description: planType === 'credit' ? t('billing.mode.savedCredit') : t('billing.mode.savedSubscription'),
        });
        // Switching to a subscription also saves a key typed beforehand, as one step for the user.
        if (planType === 'subscription' && apiKey.trim()) saveKey(apiKey.trim());
      },
    });
  }

  function submitKey(event: FormEvent) {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      setKeyError(t('billing.apiKey.required'));
      return;
    }
    if (key === data.apiKey) {
      setKeyError(t('billing.apiKey.unchanged'));
      return;
    }
    saveKey(key);
  }

  function removeKey() {
    const failed = (message: string) => {
      toaster.create({ type: 'error', title: t('billing.apiKey.removeFailed'), description: message });
    };
    commitClearKey({
      variables: {},
      onCompleted: () => {
        toaster.create({ type: 'success', title: t('billing.apiKey.removed') });
      },
      onError: (error) => failed(error.message),
    });
  }

  const modeText = (mode: PlanType) =>
    mode === 'credit'
      ? { title: t('billing.mode.credit'), description: t('billing.mode.creditDescription') }
      : { title: t('billing.mode.subscription'), description: t('billing.mode.subscriptionDescription') };

  return (
    <SectionCard titleId="billing-mode-title" title={t('billing.mode.title')} gap="5">
      <RadioCard.Root
        value={data.planType}
        onValueChange={(details) => details.value && switchMode(details.value as PlanType)}
        disabled={setPlanType.inFlight}
        colorPalette="brand"
        aria-labelledby="billing-mode-title"
      >
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align="stretch">
          {MODES.map((mode) => (
            <RadioCard.Item key={mode} value={mode} flex="1">
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{modeText(mode).title}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{modeText(mode).description}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>

      {data.planType === 'subscription' && !data.hasApiKey && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('billing.mode.missingKey')}</Alert.Description>
        </Alert.Root>
      )}

      <form onSubmit={submitKey} noValidate>
        <Stack gap="3">
          <TextField
            label={t('billing.apiKey.label')}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            placeholder={data.apiKey ?? 'sk-…'}
            onChange={(typed) => {
              setApiKey(typed);
              setKeyError(null);
            }}
            issue={keyError}
            helper={t('billing.apiKey.help')}
          />
          <HStack gap="3" wrap="wrap" justify="space-between">
            <Text fontSize="sm" color="fg.muted" data-testid="saved-api-key">
              {data.apiKey ? t('billing.apiKey.savedKey', { masked: data.apiKey }) : t('billing.apiKey.noKey')}
            </Text>
            <HStack gap="2">
              {data.hasApiKey && (
                <Button type="button" variant="outline" colorPalette="red" loading={clearingKey} onClick={removeKey}>
                  {t('billing.apiKey.remove')}
                </Button>
              )}
              <Button type="submit" colorPalette="brand" loading={setBillingKey.inFlight}>
                {t('billing.apiKey.save')}
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </form>
    </SectionCard>
  );
}
