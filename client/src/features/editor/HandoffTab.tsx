import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { INBOX_LIMITS } from '@chatbot/common/inbox';
import { Fieldset } from '../../ui/chakra/Fieldset.ts';
import { Switch } from '../../ui/chakra/Switch.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { browserTimeZone, timeZoneNames, useFormat } from '../../i18n/format.ts';
import type { HandoffTabFragment$key } from './__generated__/HandoffTabFragment.graphql.ts';
import type { HandoffTabMutation } from './__generated__/HandoffTabMutation.graphql.ts';
import {
  DEFAULT_OPENING,
  draftOf,
  HANDOFF_FIELDS,
  hasProblems,
  inputOf,
  problemsOf,
  WEEK_ORDER,
  type DayProblem,
  type HandoffDraft,
  type OpeningRange,
  withSecondOpening,
} from './handoffDraft.ts';

const handoffFragment = graphql`
  fragment HandoffTabFragment on Bot {
    id
    handoff {
      enabled
      waitMinutes
      timeZone
      openNow
      openingHours {
        day
        opens
        closes
      }
    }
  }
`;

/** One weekday: closed, or open at one or two times of the day. */
function DayRow({
  name,
  openings,
  problem,
  onChange,
}: {
  name: string;
  openings: OpeningRange[];
  problem: DayProblem | undefined;
  onChange: (openings: OpeningRange[]) => void;
}) {
  const { t } = useTranslation();
  const problemId = useId();
  const open = openings.length > 0;
  const split = openings.length === 1 ? withSecondOpening(openings[0]!) : null;
  const change = (index: number, patch: Partial<OpeningRange>) =>
    onChange(openings.map((opening, at) => (at === index ? { ...opening, ...patch } : opening)));
  const timeInput = (index: number, edge: 'opens' | 'closes') => (
    <Input
      type="time"
      size="sm"
      width="8.5rem"
      aria-label={t(`editor.handoff.${edge}`, { day: index === 0 ? name : t('editor.handoff.secondOpening', { day: name }) })}
      value={openings[index]![edge]}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? problemId : undefined}
      onChange={(event) => change(index, { [edge]: event.currentTarget.value })}
    />
  );
  return (
    <Stack gap="2" paddingY="2" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
      <HStack gap="4" align="start" wrap="wrap">
        <Switch.Root
          checked={open}
          onCheckedChange={(details) => onChange(details.checked ? [DEFAULT_OPENING] : [])}
          colorPalette="brand"
          width="11rem"
          paddingTop="1"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{name}</Switch.Label>
        </Switch.Root>
        {open ? (
          <Stack gap="2">
            {openings.map((_opening, index) => (
              <HStack key={index} gap="2" wrap="wrap">
                {timeInput(index, 'opens')}
                <Text as="span" aria-hidden="true">
                  –
                </Text>
                {timeInput(index, 'closes')}
                {index > 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('editor.handoff.removeOpening', { day: name })}
                    onClick={() => onChange(openings.filter((_, at) => at !== index))}
                  >
                    <X aria-hidden="true" size={16} />
                  </Button>
                ) : (
                  split && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('editor.handoff.addOpening', { day: name })}
                      title={t('editor.handoff.addOpening', { day: name })}
                      onClick={() => onChange(split)}
                    >
                      <Plus aria-hidden="true" size={16} />
                    </Button>
                  )
                )}
              </HStack>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" paddingTop="1">
            {t('editor.handoff.closed')}
          </Text>
        )}
      </HStack>
      {problem && (
        <Text id={problemId} fontSize="sm" color="fg.error">
          {t(`editor.handoff.dayProblems.${problem}`)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The editor's "Talk to a person" tab: whether the bot's visitors may ask for a person, how long
 * they wait for one, and when (opening hours in a time zone, or at any hour). Saved on its own,
 * apart from the bot's other settings.
 */
export function HandoffTab({ bot: botKey }: { bot: HandoffTabFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const bot = useFragment(handoffFragment, botKey);
  const [draft, setDraft] = useState<HandoffDraft>(() => draftOf(bot.handoff));
  const [dayProblems, setDayProblems] = useState<Partial<Record<number, DayProblem>>>({});
  const zones = useMemo(timeZoneNames, []);
  const knownZones = useMemo(() => new Set(zones), [zones]);
  const zoneListId = useId();
  const save = useFormMutation<HandoffTabMutation, (typeof HANDOFF_FIELDS)[number]>(
    graphql`
      mutation HandoffTabMutation($botId: ID!, $input: BotHandoffInput!) {
        setBotHandoff(botId: $botId, input: $input) {
          ... on Bot {
            ...HandoffTabFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { fields: HANDOFF_FIELDS, failedTitle: t('editor.handoff.saveFailed') },
  );

  const change = (patch: Partial<HandoffDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function chooseHours(anyHour: boolean) {
    save.clearIssue('openingHours');
    // A bot still on the server's default zone most likely means the owner's own: hours are set in it.
    const timeZone = !anyHour && draft.timeZone === 'UTC' ? browserTimeZone() : draft.timeZone;
    change({ anyHour, timeZone });
  }

  function changeDay(day: number, openings: OpeningRange[]) {
    save.clearIssue('openingHours');
    setDayProblems(({ [day]: _edited, ...others }) => others);
    setDraft((current) => ({ ...current, days: current.days.map((before, at) => (at === day ? openings : before)) }));
  }

  function submit() {
    const problems = problemsOf(draft, knownZones);
    setDayProblems(problems.days);
    if (hasProblems(problems)) {
      save.setIssues(
        Object.fromEntries(Object.entries(problems.fields).map(([field, problem]) => [field, t(`editor.handoff.problems.${problem}`)])),
      );
      return;
    }
    save.submit({
      variables: { botId: bot.id, input: inputOf(draft) },
      onSuccess: () => toaster.create({ type: 'success', title: t('editor.handoff.saved') }),
    });
  }

  const saved = bot.handoff;
  return (
    <Stack asChild gap="6" maxWidth="3xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="2">
          <PageHeader title={t('editor.handoff.heading')} subtitle={t('editor.handoff.intro')} level="tab" />
          {saved.enabled && (
            <Badge alignSelf="start" colorPalette={saved.openNow ? 'green' : 'gray'} variant="subtle">
              {t(saved.openNow ? 'editor.handoff.openNow' : 'editor.handoff.closedNow')}
            </Badge>
          )}
        </Stack>
        <Switch.Root checked={draft.enabled} onCheckedChange={(details) => change({ enabled: details.checked })} colorPalette="brand">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('editor.handoff.enabled')}</Switch.Label>
        </Switch.Root>
        <TextField
          label={t('editor.handoff.waitMinutes')}
          helper={t('editor.handoff.waitMinutesHelp', { max: INBOX_LIMITS.handoffWaitMinutesMax })}
          type="number"
          inputMode="numeric"
          min={1}
          max={INBOX_LIMITS.handoffWaitMinutesMax}
          maxWidth="12rem"
          {...save.bindField('waitMinutes', draft.waitMinutes, (waitMinutes) => change({ waitMinutes }))}
        />
        <SelectField
          label={t('editor.handoff.when')}
          value={draft.anyHour ? 'any' : 'hours'}
          options={[
            { value: 'any', label: t('editor.handoff.anyHour') },
            { value: 'hours', label: t('editor.handoff.openingHoursChoice') },
          ]}
          onChange={(choice) => chooseHours(choice === 'any')}
          helper={draft.anyHour ? undefined : t('editor.handoff.whenHelp')}
        />
        {!draft.anyHour && (
          <>
            <TextField
              label={t('editor.handoff.timeZone')}
              helper={t('editor.handoff.timeZoneHelp')}
              list={zoneListId}
              autoComplete="off"
              maxWidth="20rem"
              {...save.bindField('timeZone', draft.timeZone, (timeZone) => change({ timeZone }))}
            />
            <datalist id={zoneListId}>
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <Fieldset.Root invalid={Boolean(save.issues.openingHours)}>
              <Fieldset.Legend>{t('editor.handoff.openingHours')}</Fieldset.Legend>
              <Fieldset.HelperText>{t('editor.handoff.openingHoursHelp')}</Fieldset.HelperText>
              <Fieldset.Content gap="0">
                {WEEK_ORDER.map((day) => (
                  <DayRow
                    key={day}
                    name={format(day, 'weekday')}
                    openings={draft.days[day]!}
                    problem={dayProblems[day]}
                    onChange={(openings) => changeDay(day, openings)}
                  />
                ))}
              </Fieldset.Content>
              {save.issues.openingHours && <Fieldset.ErrorText>{save.issues.openingHours}</Fieldset.ErrorText>}
            </Fieldset.Root>
          </>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.inFlight}>
          {t('editor.handoff.save')}
        </Button>
      </form>
    </Stack>
  );
}
