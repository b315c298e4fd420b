import { Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import type { TrialCreditsPanelFragment$key } from './__generated__/TrialCreditsPanelFragment.graphql.ts';
import type { TrialCreditsPanelMutation } from './__generated__/TrialCreditsPanelMutation.graphql.ts';

/** The free trial: how many credits a new customer starts with. */
export function TrialCreditsPanel({ trial }: { trial: TrialCreditsPanelFragment$key }) {
  const { t, i18n } = useTranslation();
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
  const [error, setError] = useState<string | null>(null);
  const [commit, saving] = useMutation<TrialCreditsPanelMutation>(graphql`
    mutation TrialCreditsPanelMutation($credits: Int!) {
      setTrialCredits(credits: $credits) {
        __typename
        ... on TrialSettings {
          trialDays
          trialCredits
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function save() {
    const text = credits.trim();
    if (!/^\d+$/.test(text)) {
      setError(t('adminSettings.trial.invalid'));
      return;
    }
    setError(null);
    const failed = (message?: string) => {
      toaster.create({ type: 'error', title: t('adminSettings.trial.saveFailed'), description: message || undefined });
    };
    commit({
      variables: { credits: Number(text) },
      // The settings have no id: the answer becomes the query's trialSettings.
      updater: (store, response) => {
        if (response?.setTrialCredits.__typename !== 'TrialSettings') return;
        const saved = store.getRootField('setTrialCredits');
        if (saved) store.getRoot().setLinkedRecord(saved, 'trialSettings');
      },
      onCompleted: ({ setTrialCredits: result }) => {
        if (result.__typename !== 'TrialSettings') {
          setError(result.issues?.[0]?.message ?? null);
          failed(result.message);
          return;
        }
        setCredits(String(result.trialCredits));
        toaster.create({
          type: 'success',
          title: t('adminSettings.trial.saved'),
          description: t('adminSettings.trial.savedDescription', {
            credits: new Intl.NumberFormat(i18n.language).format(result.trialCredits ?? Number(text)),
          }),
        });
      },
      onError: (failure) => failed(failure.message),
    });
  }

  return (
    <Card.Root as="section" aria-labelledby="trial-credits-title">
      <Card.Body asChild gap="3">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Heading as="h2" size="lg" id="trial-credits-title">
            {t('adminSettings.trial.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('adminSettings.trial.help', { days: data.trialDays })}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'end' }}>
            <Field.Root invalid={Boolean(error)} maxWidth={{ sm: '14rem' }}>
              <Field.Label>{t('adminSettings.trial.credits')}</Field.Label>
              <Input value={credits} inputMode="numeric" onChange={(event) => setCredits(event.currentTarget.value)} />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={saving}>
              {t('adminSettings.trial.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
