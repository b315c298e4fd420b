import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { TrialCreditsPanelFragment$key } from './__generated__/TrialCreditsPanelFragment.graphql.ts';
import type { TrialCreditsPanelMutation } from './__generated__/TrialCreditsPanelMutation.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** The free trial: how many credits a new customer starts with. */
export function TrialCreditsPanel({ trial }: { trial: TrialCreditsPanelFragment$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment TrialCreditsPanelFragment on TrialSettings {
        trialDays
        trialCredits
      }
    `,
    trial,
  );
  const [credits, setCredits] = useState(String(data.trialCredits));
  const { submit, inFlight, setIssues, bindField } = useFormMutation<TrialCreditsPanelMutation, 'credits'>(
    graphql`
      mutation TrialCreditsPanelMutation($credits: Int!) {
        setTrialCredits(credits: $credits) {
          __typename
          ... on TrialSettings {
            trialDays
            trialCredits
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      fields: ['credits'],
      failedTitle: t('adminSettings.trial.saveFailed'),
      alwaysToast: true,
    },
  );

  function save() {
    const text = credits.trim();
    if (!/^\d+$/.test(text)) {
      setIssues({ credits: t('adminSettings.trial.invalid') });
      return;
    }
    setIssues({});
    submit({
      variables: { credits: Number(text) },
      // The settings have no id: the answer becomes the query's trialSettings.
      updater: (store, response) => {
        if (response?.setTrialCredits.__typename !== 'TrialSettings') return;
        const saved = store.getRootField('setTrialCredits');
        if (saved) store.getRoot().setLinkedRecord(saved, 'trialSettings');
      },
      onSuccess: ({ setTrialCredits: result }) => {
        setCredits(String(result.trialCredits));
        toaster.create({
          type: 'success',
          title: t('adminSettings.trial.saved'),
          description: t('adminSettings.trial.savedDescription', {
            credits: result.trialCredits ?? Number(text),
          }),
        });
      },
    });
  }

  return (
    <SectionCard titleId="trial-credits-title" title={t('adminSettings.trial.title')} gap="3" onSubmit={() => save()}>
      <Text fontSize="sm" color="fg.muted">
        {t('adminSettings.trial.help', { days: data.trialDays })}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'end' }}>
        <TextField
          label={t('adminSettings.trial.credits')}
          inputMode="numeric"
          maxWidth={{ sm: '14rem' }}
          {...bindField('credits', credits, setCredits)}
        />
        <Button type="submit" colorPalette="brand" loading={inFlight}>
          {t('adminSettings.trial.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
