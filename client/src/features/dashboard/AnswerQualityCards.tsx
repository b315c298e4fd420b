import { SimpleGrid, Text } from '@chakra-ui/react';
import { ListCard, RankedList } from '../../ui/ListCard.tsx';
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
      <ListCard
        title={t('dashboard.quality.topTopics')}
        headingSize="md"
        empty={answerQuality.topTopics.length === 0}
        emptyText={t('dashboard.quality.noTopics')}
      >
        <RankedList
          gap="2"
          entries={answerQuality.topTopics.map((topic) => ({
            key: topic.question,
            name: <Text>{topic.question}</Text>,
            figure: t('dashboard.quality.topicCount', { count: topic.count, previous: topic.previousCount }),
          }))}
        />
      </ListCard>
    </SimpleGrid>
  );
}
