import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Textarea } from '../../ui/chakra/Textarea.ts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { GrantCreditsDialogMutation } from './__generated__/GrantCreditsDialogMutation.graphql.ts';
import { actionFailed } from './actionFailed.ts';

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
  const { t, i18n } = useTranslation();
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [commit, granting] = useMutation<GrantCreditsDialogMutation>(graphql`
    mutation GrantCreditsDialogMutation($customerId: ID!, $amount: Float!, $reason: String!) {
      grantCustomerCredits(customerId: $customerId, amount: $amount, reason: $reason) {
        __typename
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
        ... on Error {
          message
        }
      }
    }
  `);

  const parsed = parseCreditAmount(amount);
  const reasonMissing = reason.trim() === '';

  function close() {
    setAmount('');
    setReason('');
    setShowErrors(false);
    onClose();
  }

  function grant(event: FormEvent) {
    event.preventDefault();
    if (parsed === null || reasonMissing) {
      setShowErrors(true);
      return;
    }
    commit({
      variables: { customerId: customer.id, amount: parsed, reason: reason.trim() },
      onCompleted: ({ grantCustomerCredits: result }) => {
        if (result.__typename === 'CustomerUpdate') {
          toaster.create({
            type: 'success',
            title: t('adminCustomers.toast.creditsGranted', { amount: parsed.toLocaleString(i18n.language), email: customer.email }),
          });
          close();
        } else actionFailed(t, result.__typename === '%other' ? undefined : result.message);
      },
      onError: (error) => actionFailed(t, error.message),
    });
  }

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t('adminCustomers.credits.title', { name: customer.name })}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} colorPalette="brand" loading={granting}>
            {t('adminCustomers.credits.grant')}
          </Button>
        </>
      }
    >
      <Stack asChild gap="4">
        <form id={formId} onSubmit={grant} noValidate>
          <Text color="fg.muted">
            {t('adminCustomers.credits.balance', { balance: customer.creditBalance.toLocaleString(i18n.language) })}
          </Text>
          <Field.Root required invalid={showErrors && parsed === null}>
            <Field.Label>
              {t('adminCustomers.credits.amount')} <Field.RequiredIndicator />
            </Field.Label>
            <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
            <Field.ErrorText>{t('adminCustomers.credits.amountInvalid')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={showErrors && reasonMissing}>
            <Field.Label>
              {t('adminCustomers.credits.reason')} <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={reason} rows={3} maxLength={500} onChange={(event) => setReason(event.currentTarget.value)} />
            <Field.HelperText>{t('adminCustomers.credits.reasonHelp')}</Field.HelperText>
            <Field.ErrorText>{t('adminCustomers.credits.reasonRequired')}</Field.ErrorText>
          </Field.Root>
        </form>
      </Stack>
    </ModalDialog>
  );
}
