import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField.tsx';

export const SCHEDULES = ['OFF', 'DAILY', 'WEEKLY'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/**
 * How often something is refreshed on its own (a website's crawl, a data tool's sync): schedules the
 * owner's plan does not allow are shown but cannot be chosen, with a hint saying so.
 */
export function ScheduleSelect({
  label,
  value,
  allowed,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  allowed: readonly string[];
  disabled: boolean;
  onChange: (schedule: Schedule) => void;
}) {
  const { t } = useTranslation();
  const refused = SCHEDULES.filter((schedule) => !allowed.includes(schedule));
  return (
    <SelectField
      label={label}
      value={value}
      width="full"
      disabled={disabled}
      options={SCHEDULES.map((schedule) => ({
        value: schedule,
        label: t(`knowledge.schedule.options.${schedule}`),
        disabled: refused.includes(schedule),
      }))}
      helper={
        refused.length > 0
          ? t('knowledge.schedule.notInPlan', {
              schedules: refused.map((schedule) => t(`knowledge.schedule.options.${schedule}`)).join(', '),
            })
          : undefined
      }
      onChange={(schedule) => onChange(schedule as Schedule)}
    />
  );
}
