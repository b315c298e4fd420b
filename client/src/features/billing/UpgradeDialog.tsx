import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { useSession } from '../../session/SessionProvider.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { UpgradeDialogMutation } from './__generated__/UpgradeDialogMutation.graphql.ts';
import { useBrowserNavigation } from './browserNavigation.tsx';

export interface UpgradeTarget {
  id: string;
  name: string;
  /** The plan's price, already formatted with its currency and period. */
  priceLabel: string;
}

/**
 * Confirms an upgrade of the active subscription: it applies at once, with possible proration,
 * and the receipt opens in a new tab.
 */
export function UpgradeDialog({
  viewerId,
  currentPlanName,
  target,
  open,
  onClose,
}: {
  viewerId: string;
  currentPlanName: string;
  /** Kept while the dialog closes, so its text does not vanish during the animation. */
  target: UpgradeTarget | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigation = useBrowserNavigation();
  const { refreshUser } = useSession();
  const upgrade = useFormMutation<UpgradeDialogMutation>(
    graphql`
      mutation UpgradeDialogMutation($planId: ID!) {
        upgradeSubscription(planId: $planId) {
          __typename
          ... on UpgradeSubscriptionPayload {
            message
            receiptUrl
            billing {
              ...BillingSectionsFragment
            }
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('billing.upgrade.failed'),
      successType: 'UpgradeSubscriptionPayload',
    },
  );

  function confirm() {
    if (!target) return;
    upgrade.submit({
      variables: { planId: target.id },
      // The payload's billing is the viewer's billing now: link it so the page shows the new plan.
      updater: (store, response) => {
        if (response?.upgradeSubscription.__typename !== 'UpgradeSubscriptionPayload') return;
        const billing = store.getRootField('upgradeSubscription')?.getLinkedRecord('billing');
        if (billing) store.get(viewerId)?.setLinkedRecord(billing, 'billing');
      },
      onSuccess: ({ upgradeSubscription: result }) => {
        // The shell's plan badge and card read the session's user.
        void refreshUser();
        const receiptOpened = result.receiptUrl ? navigation.openInNewTab(result.receiptUrl) : true;
        toaster.create({
          type: 'success',
          title: t('billing.upgrade.initiated'),
          description: receiptOpened ? result.message : `${result.message} ${t('billing.upgrade.popupBlocked')}`,
        });
        onClose();
      },
      // A refusal ends the dialog: the toast says why, and the page behind shows the plan unchanged.
      onFailure: onClose,
    });
  }

  return (
    <ModalDialog
      open={open && target !== null}
      onClose={onClose}
      title={target ? t('billing.upgrade.title', { name: target.name }) : ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="brand" loading={upgrade.inFlight} onClick={confirm}>
            {t('billing.upgrade.confirm')}
          </Button>
        </>
      }
    >
      {target && (
        <Stack gap="3">
          <Text>{t('billing.upgrade.summary', { current: currentPlanName, name: target.name, price: target.priceLabel })}</Text>
          <Text fontWeight="semibold">{t('billing.upgrade.immediate')}</Text>
          <Text color="fg.muted">{t('billing.upgrade.receipt')}</Text>
        </Stack>
      )}
    </ModalDialog>
  );
}
