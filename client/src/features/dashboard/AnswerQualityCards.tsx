import { Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { StatCard, type StatTone } from '../../ui/StatCard.tsx';
import type { AnswerQualityCardsFragment$key } from './__generated__/AnswerQualityCardsFragment.graphql.ts';

interface Rate {
  readonly thisWeek: number | null | undefined;
  readonly change: number | null | undefined;
}

/** The quality cards: answered rate and thumbs-up rate this week (against last), and the most asked topics. */
export function AnswerQualityCards({ viewer }: { viewer: AnswerQualityCardsFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { answerQuality } = useFragment(
    graphql`
      fragment AnswerQualityCardsFragment on User {
        answerQuality {
          answeredRate {
            thisWeek
            change
          }
          thumbsUpRate {
            thisWeek
            change
          }
          topTopics {
            question
            count
            previousCount
          }
        }
      }
    `,
    viewer,
  );
  const rateCard = (label: string, rate: Rate) => {
    const change = rate.change ?? null;
    const tone: StatTone = change === null || change === 0 ? 'neutral' : change < 0 ? 'negative' : 'positive';
    return (
      <StatCard
        label={label}
        value={rate.thisWeek === null || rate.thisWeek === undefined ? '—' : format(rate.thisWeek, 'share')}
        note={
          rate.thisWeek === null || rate.thisWeek === undefined
            ? t('dashboard.quality.noneThisWeek')
            : change === null
              ? t('dashboard.quality.newThisWeek')
              : t('dashboard.quality.fromLastWeek', { change })
        }
        tone={tone}
      />
    );
  };
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
      {rateCard(t('dashboard.quality.answeredRate'), answerQuality.answeredRate)}
      {rateCard(t('dashboard.quality.thumbsUpRate'), answerQuality.thumbsUpRate)}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {t('dashboard.quality.topTopics')}
          </Heading>
        </Card.Header>
        <Card.Body>
          {answerQuality.topTopics.length === 0 ? (
            <Text color="fg.muted">{t('dashboard.quality.noTopics')}</Text>
          ) : (
            <Stack as="ol" gap="2" margin="0" paddingStart="5">
              {answerQuality.topTopics.map((topic) => (
                <li key={topic.question}>
                  <HStack justify="space-between" gap="3" align="start">
                    <Text>{topic.question}</Text>
                    <Text color="fg.muted" whiteSpace="nowrap">
                      {t('dashboard.quality.topicCount', { count: topic.count, previous: topic.previousCount })}
                    </Text>
                  </HStack>
                </li>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
