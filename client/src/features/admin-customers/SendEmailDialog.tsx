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

/** A short email to one customer: subject and message, both required. */
export function SendEmailDialog({ customer, open, onClose }: { customer: EmailTarget; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
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

  const subjectMissing = subject.trim() === '';
  const messageMissing = message.trim() === '';

  function close() {
    setSubject('');
    setMessage('');
    setShowErrors(false);
    onClose();
  }

  function send() {
    if (subjectMissing || messageMissing) {
      setShowErrors(true);
      return;
    }
    sendEmail.submit({
      variables: { customerId: customer.id, subject: subject.trim(), message: message.trim() },
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
      <TextField
        label={t('adminCustomers.email.subject')}
        required
        value={subject}
        maxLength={200}
        onChange={setSubject}
        issue={showErrors && subjectMissing ? t('adminCustomers.email.subjectRequired') : undefined}
      />
      <TextAreaField
        label={t('adminCustomers.email.message')}
        required
        value={message}
        rows={6}
        onChange={setMessage}
        issue={showErrors && messageMissing ? t('adminCustomers.email.messageRequired') : undefined}
      />
    </FormDialog>
  );
}
