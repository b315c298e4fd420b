import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { GrantCreditsDialogMutation } from './__generated__/GrantCreditsDialogMutation.graphql.ts';
import { customerActionFailure } from './customerAction.ts';

/** Credits above 0 with at most 4 decimals, as the server accepts them; null otherwise. */
export function parseCreditAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 && amount <= 1_000_000 ? amount : null;
}

/** A support grant: an amount and the reason the customer will read in their billing history. */
export function GrantCreditsDialog({
  customer,
  open,
  onClose,
}: {
  customer: { id: string; name: string; email: string; creditBalance: number };
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const grantCredits = useFormMutation<GrantCreditsDialogMutation>(
    graphql`
      mutation GrantCreditsDialogMutation($customerId: ID!, $amount: Float!, $reason: String!) {
        grantCustomerCredits(customerId: $customerId, amount: $amount, reason: $reason) {
          ... on CustomerUpdate {
            customer {
              id
              creditBalance
              status
            }
            admin {
              id
              ...CustomerStatsCardsFragment
            }
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { ...customerActionFailure(t) },
  );

  const parsed = parseCreditAmount(amount);
  const reasonMissing = reason.trim() === '';

  function close() {
    setAmount('');
    setReason('');
    setShowErrors(false);
    onClose();
  }

  function grant() {
    if (parsed === null || reasonMissing) {
      setShowErrors(true);
      return;
    }
    grantCredits.submit({
      variables: { customerId: customer.id, amount: parsed, reason: reason.trim() },
      onSuccess: () => {
        toaster.create({
          type: 'success',
          title: t('adminCustomers.toast.creditsGranted', { amount: parsed, email: customer.email }),
        });
        close();
      },
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('adminCustomers.credits.title', { name: customer.name })}
      submitLabel={t('adminCustomers.credits.grant')}
      submitting={grantCredits.inFlight}
      onSubmit={grant}
    >
      <Text color="fg.muted">{t('adminCustomers.credits.balance', { balance: customer.creditBalance })}</Text>
      <TextField
        label={t('adminCustomers.credits.amount')}
        required
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        issue={showErrors && parsed === null ? t('adminCustomers.credits.amountInvalid') : undefined}
      />
      <TextAreaField
        label={t('adminCustomers.credits.reason')}
        required
        value={reason}
        rows={3}
        maxLength={500}
        onChange={setReason}
        issue={showErrors && reasonMissing ? t('adminCustomers.credits.reasonRequired') : undefined}
        helper={t('adminCustomers.credits.reasonHelp')}
      />
    </FormDialog>
  );
}
