import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<string, string> = { active: 'green', trial: 'blue', suspended: 'red', inactive: 'gray' };
const PLAN_COLORS: Record<string, string> = { starter: 'blue', pro: 'purple', enterprise: 'orange' };
const KNOWN_PLANS = ['free', 'starter', 'pro', 'enterprise'];

export function CustomerStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'}>{t(`adminCustomers.status.${status}`, { defaultValue: status })}</Badge>;
}

/** The customer's plan; plans other than the known ones show their name as the server gives it. */
export function CustomerPlanBadge({ plan }: { plan: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PLAN_COLORS[plan] ?? 'gray'} variant="outline">
      {KNOWN_PLANS.includes(plan) ? t(`adminCustomers.plans.${plan}`) : plan}
    </Badge>
  );
}
