import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useBotAllowance } from './BotAllowance.tsx';

/** Subscription users see how many of their plan's bots they use. */
export function BotLimitBadge() {
  const { t } = useTranslation();
  const allowance = useBotAllowance();
  if (allowance.kind !== 'limited') return null;
  const full = allowance.botCount >= allowance.limit;
  return (
    <Badge colorPalette={full ? 'red' : 'brand'} size="lg">
      {t('chatbots.botLimit', { count: allowance.botCount, limit: allowance.limit })}
    </Badge>
  );
}
