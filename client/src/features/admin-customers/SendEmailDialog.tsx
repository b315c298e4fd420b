import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { SendEmailDialogMutation } from './__generated__/SendEmailDialogMutation.graphql.ts';
import { customerActionFailure } from './customerAction.ts';

export interface EmailTarget {
  id: string;
  name: string;
  email: string;
}

type EmailField = 'subject' | 'message';
const EMPTY: Record<EmailField, string> = { subject: '', message: '' };

/** A short email to one customer: subject and message, both required. */
export function SendEmailDialog({ customer, open, onClose }: { customer: EmailTarget; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const sendEmail = useFormMutation<SendEmailDialogMutation>(
    graphql`
      mutation SendEmailDialogMutation($customerId: ID!, $subject: String!, $message: String!) {
        sendCustomerEmail(customerId: $customerId, subject: $subject, message: $message) {
          ... on MessagePayload {
            message
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { ...customerActionFailure(t) },
  );

  const missing = (name: EmailField) => draft[name].trim() === '';
  /** A field's props: both are required, and say so once a send was tried with them empty. */
  const field = (name: EmailField) => ({
    required: true,
    value: draft[name],
    onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
    issue: showErrors && missing(name) ? t(`adminCustomers.email.${name}Required`) : undefined,
  });

  function close() {
    setDraft(EMPTY);
    setShowErrors(false);
    onClose();
  }

  function send() {
    if (missing('subject') || missing('message')) {
      setShowErrors(true);
      return;
    }
    sendEmail.submit({
      variables: { customerId: customer.id, subject: draft.subject.trim(), message: draft.message.trim() },
      onSuccess: ({ sendCustomerEmail: result }) => {
        toaster.create({ type: 'success', title: t('adminCustomers.toast.emailSent'), description: result.message });
        close();
      },
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('adminCustomers.email.title', { name: customer.name })}
      submitLabel={t('adminCustomers.email.send')}
      submitting={sendEmail.inFlight}
      onSubmit={send}
    >
      <Text color="fg.muted" overflowWrap="anywhere">
        {t('adminCustomers.email.to', { email: customer.email })}
      </Text>
      <TextField label={t('adminCustomers.email.subject')} maxLength={200} {...field('subject')} />
      <TextAreaField label={t('adminCustomers.email.message')} rows={6} {...field('message')} />
    </FormDialog>
  );
}
