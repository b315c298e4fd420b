import { X } from 'lucide-react';
import { Alert, Button, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Fieldset } from '../../ui/chakra/Fieldset.ts';
import { Switch } from '../../ui/chakra/Switch.ts';
import { Textarea } from '../../ui/chakra/Textarea.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogButtons } from '../../ui/FormDialog.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { FieldFrame } from '../../ui/TextField.tsx';
import {
  BILLING_PERIODS,
  DEFAULT_WIDGET_MESSAGES_PER_MINUTE,
  MAX_WIDGET_MESSAGES_PER_MINUTE,
  PLAN_CRAWL_SCHEDULES,
  PLAN_TYPES,
  problemsOf,
  type PlanDraft,
  type PlanField,
} from './planForm.ts';

/** What the server said was wrong with the last attempt: by field, and anything else. */
export interface ServerProblems {
  byField: Partial<Record<PlanField, string>>;
  other: string[];
}

/**
 * The plan form. Its rules: the price is read after removing a dollar sign; the bot limit (a whole
 * number, empty for unlimited), the widget messages a minute (empty for the platform's default) and
 * the billing period and the re-crawl schedules are for subscription plans only, the credit amount for credit plans only; at
 * least one feature input always stays.
 */
function PlanForm({
  formId,
  mode,
  initial,
  server,
  onSubmit,
}: {
  formId: string;
  mode: 'create' | 'edit';
  initial: PlanDraft;
  server: ServerProblems;
  onSubmit: (draft: PlanDraft) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const change = (patch: Partial<PlanDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problems = problemsOf(draft);
  // The form's own check first; the server's answer to the last attempt otherwise.
  const errorOf = (field: PlanField) => {
    const problem = tried ? problems[field] : undefined;
    return problem ? t(`adminPlans.form.problems.${problem}`, { max: MAX_WIDGET_MESSAGES_PER_MINUTE }) : server.byField[field];
  };
  const subscription = draft.planType === 'subscription';
  const setFeature = (index: number, value: string) => change({ features: draft.features.map((item, i) => (i === index ? value : item)) });

  return (
    <Stack asChild gap="4">
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (Object.keys(problems).length === 0) onSubmit(draft);
        }}
      >
        {server.other.length > 0 && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{server.other.join(' ')}</Alert.Description>
          </Alert.Root>
        )}
        <FieldFrame label={t('adminPlans.form.name')} issue={errorOf('name')} required>
          <Input value={draft.name} maxLength={100} onChange={(event) => change({ name: event.currentTarget.value })} />
        </FieldFrame>
        {mode === 'create' ? (
          <SelectField
            label={t('adminPlans.form.planType')}
            value={draft.planType}
            options={PLAN_TYPES.map((type) => ({ value: type, label: t(`adminPlans.type.${type}`) }))}
            onChange={(planType) => change({ planType: planType as PlanDraft['planType'] })}
          />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t(`adminPlans.type.${draft.planType}`)} · {t('adminPlans.form.typeFixed')}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FieldFrame label={t('adminPlans.form.price')} issue={errorOf('price')} helper={t('adminPlans.form.priceHelp')} required>
            <Input value={draft.price} inputMode="decimal" onChange={(event) => change({ price: event.currentTarget.value })} />
          </FieldFrame>
          {subscription && mode === 'create' && (
            <SelectField
              label={t('adminPlans.form.billingPeriod')}
              value={draft.billingPeriod}
              options={BILLING_PERIODS.map((period) => ({ value: period, label: t(`adminPlans.form.periods.${period}`) }))}
              onChange={(billingPeriod) => change({ billingPeriod: billingPeriod as PlanDraft['billingPeriod'] })}
              issue={errorOf('billingPeriod')}
            />
          )}
          {subscription ? (
            <FieldFrame label={t('adminPlans.form.botLimit')} issue={errorOf('botLimit')} helper={t('adminPlans.form.botLimitHelp')}>
              <Input value={draft.botLimit} inputMode="numeric" onChange={(event) => change({ botLimit: event.currentTarget.value })} />
            </FieldFrame>
          ) : (
            <FieldFrame label={t('adminPlans.form.creditAmount')} issue={errorOf('creditAmount')} required>
              <Input
                value={draft.creditAmount}
                inputMode="numeric"
                onChange={(event) => change({ creditAmount: event.currentTarget.value })}
              />
            </FieldFrame>
          )}
        </SimpleGrid>
        {subscription && (
          <FieldFrame
            label={t('adminPlans.form.widgetLimit')}
            issue={errorOf('widgetMessagesPerMinute')}
            helper={t('adminPlans.form.widgetLimitHelp', { limit: DEFAULT_WIDGET_MESSAGES_PER_MINUTE })}
          >
            <Input
              value={draft.widgetMessagesPerMinute}
              inputMode="numeric"
              onChange={(event) => change({ widgetMessagesPerMinute: event.currentTarget.value })}
            />
          </FieldFrame>
        )}
        {subscription && (
          <Fieldset.Root>
            <Fieldset.Legend>{t('adminPlans.form.crawlSchedules')}</Fieldset.Legend>
            <Fieldset.HelperText>{t('adminPlans.form.crawlSchedulesHelp')}</Fieldset.HelperText>
            <HStack gap="6" flexWrap="wrap">
              {PLAN_CRAWL_SCHEDULES.map((schedule) => (
                <Switch.Root
                  key={schedule}
                  checked={draft.crawlSchedules.includes(schedule)}
                  onCheckedChange={(details) =>
                    change({
                      crawlSchedules: PLAN_CRAWL_SCHEDULES.filter((known) =>
                        known === schedule ? details.checked : draft.crawlSchedules.includes(known),
                      ),
                    })
                  }
                  colorPalette="brand"
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t(`adminPlans.form.crawlSchedule.${schedule}`)}</Switch.Label>
                </Switch.Root>
              ))}
            </HStack>
          </Fieldset.Root>
        )}
        <FieldFrame label={t('adminPlans.form.description')} issue={errorOf('description')}>
          <Textarea
            value={draft.description}
            maxLength={1000}
            rows={2}
            onChange={(event) => change({ description: event.currentTarget.value })}
          />
        </FieldFrame>
        <Fieldset.Root invalid={Boolean(errorOf('features'))}>
          {/* Required like the fields marked so (at least one feature): the same asterisk, outside a Field's context. */}
          <Fieldset.Legend>
            {t('adminPlans.form.features')}{' '}
            <Text as="span" color="fg.error" aria-hidden="true">
              *
            </Text>
          </Fieldset.Legend>
          <Stack gap="2">
            {draft.features.map((feature, index) => (
              <HStack key={index} gap="2">
                <Input
                  aria-label={t('adminPlans.form.feature', { number: index + 1 })}
                  aria-required={index === 0}
                  value={feature}
                  maxLength={200}
                  onChange={(event) => setFeature(index, event.currentTarget.value)}
                />
                {draft.features.length > 1 && (
                  <IconButton
                    aria-label={t('adminPlans.form.removeFeature', { number: index + 1 })}
                    title={t('adminPlans.form.removeFeature', { number: index + 1 })}
                    variant="ghost"
                    size="sm"
                    onClick={() => change({ features: draft.features.filter((_, i) => i !== index) })}
                  >
                    <X aria-hidden="true" size={16} />
                  </IconButton>
                )}
              </HStack>
            ))}
          </Stack>
          <Fieldset.ErrorText>{errorOf('features')}</Fieldset.ErrorText>
          <Button alignSelf="start" size="sm" variant="outline" onClick={() => change({ features: [...draft.features, ''] })}>
            {t('adminPlans.form.addFeature')}
          </Button>
        </Fieldset.Root>
        {mode === 'create' && (
          <FieldFrame
            label={t('adminPlans.form.stripePriceId')}
            issue={errorOf('stripePriceId')}
            helper={t('adminPlans.form.stripePriceIdHelp')}
          >
            <Input value={draft.stripePriceId} onChange={(event) => change({ stripePriceId: event.currentTarget.value })} />
          </FieldFrame>
        )}
      </form>
    </Stack>
  );
}

/** The create or edit dialog around the plan form; the form starts afresh each time it opens. */
export function PlanFormDialog({
  open,
  onClose,
  mode,
  title,
  initial,
  submitting,
  server,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  mode: 'create' | 'edit';
  title: string;
  initial: PlanDraft;
  submitting: boolean;
  server: ServerProblems;
  onSubmit: (draft: PlanDraft) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <FormDialogButtons
          formId={formId}
          submitLabel={t(mode === 'create' ? 'adminPlans.form.createSubmit' : 'adminPlans.form.editSubmit')}
          submitting={submitting}
          onCancel={onClose}
        />
      }
    >
      <PlanForm formId={formId} mode={mode} initial={initial} server={server} onSubmit={onSubmit} />
    </ModalDialog>
  );
}
