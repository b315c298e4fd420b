import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Textarea } from '../../ui/chakra/Textarea.ts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { SendEmailDialogMutation } from './__generated__/SendEmailDialogMutation.graphql.ts';
import { actionFailed } from './actionFailed.ts';

export interface EmailTarget {
  id: string;
  name: string;
  email: string;
}

/** A short email to one customer: subject and message, both required. */
export function SendEmailDialog({ customer, open, onClose }: { customer: EmailTarget; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [commit, sending] = useMutation<SendEmailDialogMutation>(graphql`
    mutation SendEmailDialogMutation($customerId: ID!, $subject: String!, $message: String!) {
      sendCustomerEmail(customerId: $customerId, subject: $subject, message: $message) {
        __typename
        ... on MessagePayload {
          message
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const subjectMissing = subject.trim() === '';
  const messageMissing = message.trim() === '';

  function close() {
    setSubject('');
    setMessage('');
    setShowErrors(false);
    onClose();
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (subjectMissing || messageMissing) {
      setShowErrors(true);
      return;
    }
    commit({
      variables: { customerId: customer.id, subject: subject.trim(), message: message.trim() },
      onCompleted: ({ sendCustomerEmail: result }) => {
        if (result.__typename === 'MessagePayload') {
          toaster.create({ type: 'success', title: t('adminCustomers.toast.emailSent'), description: result.message });
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
      title={t('adminCustomers.email.title', { name: customer.name })}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} colorPalette="brand" loading={sending}>
            {t('adminCustomers.email.send')}
          </Button>
        </>
      }
    >
      <Stack asChild gap="4">
        <form id={formId} onSubmit={send} noValidate>
          <Text color="fg.muted" overflowWrap="anywhere">
            {t('adminCustomers.email.to', { email: customer.email })}
          </Text>
          <Field.Root required invalid={showErrors && subjectMissing}>
            <Field.Label>
              {t('adminCustomers.email.subject')} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={subject} maxLength={200} onChange={(event) => setSubject(event.currentTarget.value)} />
            <Field.ErrorText>{t('adminCustomers.email.subjectRequired')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={showErrors && messageMissing}>
            <Field.Label>
              {t('adminCustomers.email.message')} <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={message} rows={6} onChange={(event) => setMessage(event.currentTarget.value)} />
            <Field.ErrorText>{t('adminCustomers.email.messageRequired')}</Field.ErrorText>
          </Field.Root>
        </form>
      </Stack>
    </ModalDialog>
  );
}
