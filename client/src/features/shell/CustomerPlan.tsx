import { Badge, Button, Card, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import type { CurrentUser, UserTrial } from '../../session/tokenStore.ts';

export const hasPlan = (plan: string | undefined) => Boolean(plan) && plan !== 'free';

/** The free trial the shell shows: a running one, or one that ended unpaid (null once a paid plan counts). */
export const trialOf = (user: Pick<CurrentUser, 'trial'> | null | undefined): UserTrial | null => user?.trial ?? null;

/** The header's plan: a paid plan, a running free trial's plan, or that the trial ended. */
export function PlanBadge() {
  const { t } = useTranslation();
  const { user } = useSession();
  const trial = trialOf(user);
  if (trial?.ended) {
    return (
      <Badge colorPalette="gray" aria-label={t('shell.trialEndedBadge')}>
        {t('shell.trialEndedBadge')}
      </Badge>
    );
  }
  if (trial) {
    return (
      <Badge colorPalette="brand" aria-label={t('shell.trialBadgeLabel', { plan: trial.plan_name, count: trial.days_left })}>
        {t('shell.trialBadge', { plan: trial.plan_name })}
      </Badge>
    );
  }
  const plan = user?.plan;
  if (!hasPlan(plan)) return null;
  return (
    <Badge colorPalette="brand" aria-label={t('shell.planBadge', { plan })} textTransform="capitalize">
      {plan}
    </Badge>
  );
}

/** Under the trial's plan name: the days and trial credits left, or that the trial has ended. */
function TrialStatus({ trial }: { trial: UserTrial }) {
  const { t } = useTranslation();
  if (trial.ended) {
    return (
      <Text fontSize="sm" fontWeight="semibold" color="fg.error">
        {t('shell.planCard.trialEnded')}
      </Text>
    );
  }
  return (
    <>
      <Text fontSize="sm">{t('shell.planCard.trialDaysLeft', { count: trial.days_left })}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t('shell.planCard.trialCredits', { credits: trial.credits_left })}
      </Text>
    </>
  );
}

/**
 * The customer's plan in the sidebar, with a way to upgrade unless it is a paid pro plan. During the
 * free trial it is the trial's plan with its days and credits left, and a way to subscribe (nothing is
 * paid yet, so there is nothing to upgrade from); then "Trial ended" and the upgrade again.
 */
export function PlanCard({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const plan = user?.plan;
  const trial = trialOf(user);
  if (!trial && (!plan || !hasPlan(plan))) return null;
  return (
    <Card.Root size="sm" bg="brand.subtle" aria-label={t('shell.planCard.title')} role="region">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {t('shell.planCard.title')}
        </Text>
        <Badge colorPalette={trial?.ended ? 'gray' : 'brand'} alignSelf="start" textTransform="capitalize">
          {trial ? trial.plan_name : plan}
        </Badge>
        {trial && <TrialStatus trial={trial} />}
        {(trial || plan !== 'pro') && (
          <Button asChild size="xs" colorPalette="brand" marginTop="2">
            <NavLink to="/billing" onClick={onNavigate}>
              {t(trial && !trial.ended ? 'shell.planCard.subscribe' : 'shell.planCard.upgrade')}
            </NavLink>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
