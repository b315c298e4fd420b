import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function ErrorPanel({ title, message, onRetry }: { title?: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack padding="6" maxWidth="xl" marginX="auto">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title ?? t('common.errorTitle')}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {onRetry && (
        <Button alignSelf="start" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Stack>
  );
}
