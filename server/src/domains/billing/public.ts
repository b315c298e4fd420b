// What other domains use of billing's insides: its rules and allowances, the SQL that reads and charges
// credits inside their own statements, who pays for an answer, subscriptions and the trial.
export {
  BILLING_MESSAGES,
  CREDIT_VALUE_USD,
  CRAWL_SCHEDULES,
  DEFAULT_WIDGET_MESSAGES_PER_MINUTE,
  isValidApiKeyShape,
  SCHEDULE_PERIOD_MS,
  type BotAllowance,
} from './rules.ts';
export { allowedSchedules, botAllowance, findActiveSubscription, planLabel, planLabels } from './subscriptions.ts';
export {
  CHAT_USAGE,
  creditsCover,
  payingStandingSql,
  uncoveredUsageError,
  UNREADABLE_API_KEY,
  usageChargesSql,
  type AiBilling,
  type CreditsLeft,
  type PayingStanding,
  type PayingStandingRow,
  type UsageChargeInput,
} from './credits.ts';
export { isTrialCharge, type TrialView } from './trial.ts';
