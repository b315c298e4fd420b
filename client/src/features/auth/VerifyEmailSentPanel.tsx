import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../session/api.ts';
import { toaster } from '../../ui/toaster.tsx';

export function VerifyEmailSentPanel({ email, onBackToLogin }: { email: string; onBackToLogin: () => void }) {
  const { t } = useTranslation();
  const [resending, setResending] = useState(false);

  async function resend() {
    setResending(true);
    try {
      await authApi.resendVerification(email);
      toaster.create({ type: 'success', title: t('auth.toast.emailResent'), description: t('auth.toast.newEmailSent') });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('auth.toast.resendFailed'),
        description: error instanceof Error ? error.message : undefined,
      });
    }
    setResending(false);
  }

  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        {t('auth.verifyTitle')}
      </Heading>
      <Text>{t('auth.verifyMessage', { email })}</Text>
      <HStack gap="3">
        <Button variant="outline" onClick={onBackToLogin}>
          {t('auth.backToLogin')}
        </Button>
        <Button colorPalette="brand" loading={resending} onClick={() => void resend()}>
          {t('auth.resend')}
        </Button>
      </HStack>
    </Stack>
  );
}
