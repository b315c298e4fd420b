import { Badge, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { isSafeUrl } from '@chatbot/common/markdown';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { WhyThisAnswerFragment$key } from './__generated__/WhyThisAnswerFragment.graphql.ts';
import type { WhyThisAnswerQuery } from './__generated__/WhyThisAnswerQuery.graphql.ts';

const whyThisAnswerQuery = graphql`
  query WhyThisAnswerQuery($id: ID!) {
    node(id: $id) {
      ...WhyThisAnswerFragment @alias
    }
  }
`;

/** What an answer was given and cited, who wrote it, how long it took and what it cost. */
export function AnswerExplanation({ answer }: { answer: WhyThisAnswerFragment$key }) {
  const { t } = useTranslation();
  const { explanation } = useFragment(
    graphql`
      fragment WhyThisAnswerFragment on ChatLog {
        explanation {
          passages {
            index
            citedAs
            sourceType
            title
            url
            page
            heading
            score
            snippet
          }
          passagesKept
          author
          model
          latencyMs
          costCredits
          promptTokens
          completionTokens
        }
      }
    `,
    answer,
  );
  return (
    <Stack gap="3" fontSize="sm">
      <Stack as="dl" gap="1">
        <HStack gap="2" wrap="wrap">
          <Text as="dt" fontWeight="medium">
            {t('attention.why.author')}
          </Text>
          <Text as="dd">{explanation.model ?? t('attention.why.offline')}</Text>
        </HStack>
        {explanation.latencyMs != null && (
          <HStack gap="2" wrap="wrap">
            <Text as="dt" fontWeight="medium">
              {t('attention.why.time')}
            </Text>
            <Text as="dd">
              {explanation.latencyMs < 1000
                ? t('attention.why.milliseconds', { ms: explanation.latencyMs })
                : t('attention.why.seconds', { seconds: explanation.latencyMs / 1000 })}
            </Text>
          </HStack>
        )}
        <HStack gap="2" wrap="wrap">
          <Text as="dt" fontWeight="medium">
            {t('attention.why.cost')}
          </Text>
          <Text as="dd">
            {t('attention.why.credits', { credits: explanation.costCredits })}
            {' · '}
            {t('attention.why.tokens', { read: explanation.promptTokens, written: explanation.completionTokens })}
          </Text>
        </HStack>
      </Stack>
      <Stack gap="2">
        <Text as="h3" fontWeight="semibold">
          {explanation.passagesKept ? t('attention.why.passages') : t('attention.why.citedOnly')}
        </Text>
        {explanation.passages.length === 0 ? (
          <Text color="fg.muted">{t('attention.why.noPassages')}</Text>
        ) : (
          <List.Root as="ol" gap="2" listStyle="none">
            {explanation.passages.map((passage) => (
              <List.Item key={passage.index} borderWidth="1px" borderRadius="md" padding="2">
                <HStack gap="2" wrap="wrap">
                  {passage.citedAs != null ? (
                    <Badge colorPalette="green">{t('attention.why.citedAs', { number: passage.citedAs })}</Badge>
                  ) : (
                    <Badge>{t('attention.why.notCited')}</Badge>
                  )}
                  <Badge variant="outline">{t(`attention.why.sourceTypes.${passage.sourceType}`)}</Badge>
                  {passage.score != null && (
                    <Text as="span" color="fg.muted">
                      {t('attention.why.score', { score: passage.score })}
                    </Text>
                  )}
                </HStack>
                <Text fontWeight="medium" marginTop="1" overflowWrap="anywhere">
                  {passage.url && isSafeUrl(passage.url) ? (
                    <Link href={passage.url} target="_blank" rel="noreferrer" colorPalette="brand">
                      {passage.title}
                    </Link>
                  ) : (
                    passage.title
                  )}
                  {passage.page != null && <Text as="span"> ({t('common.page', { page: passage.page })})</Text>}
                </Text>
                {passage.heading && (
                  <Text color="fg.muted" overflowWrap="anywhere">
                    {passage.heading}
                  </Text>
                )}
                <Text color="fg.muted" lineClamp={3} overflowWrap="anywhere">
                  {passage.snippet}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Stack>
  );
}

/** The explanation of the answer a loaded query names; an answer deleted meanwhile (its bot was) says so. */
function LoadedExplanation({ queryRef }: { queryRef: PreloadedQuery<WhyThisAnswerQuery> }) {
  const { t } = useTranslation();
  const answer = usePreloadedQuery<WhyThisAnswerQuery>(whyThisAnswerQuery, queryRef).node?.WhyThisAnswerFragment;
  return answer ? <AnswerExplanation answer={answer} /> : <Text color="fg.muted">{t('attention.why.gone')}</Text>;
}

/** Loads an answer's explanation when asked: `load(chatLogId)`. */
export function useExplanationLoader() {
  const [queryRef, loadQuery, dispose] = useQueryLoader<WhyThisAnswerQuery>(whyThisAnswerQuery);
  return { queryRef, load: (chatLogId: string) => loadQuery({ id: chatLogId }), dispose };
}

/** The explanation of a loaded query, while it loads and if it fails. */
export function ExplanationPanel({ queryRef }: { queryRef: PreloadedQuery<WhyThisAnswerQuery> }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <LoadedExplanation queryRef={queryRef} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** "Why this answer?" under an answer: opens what it was given and cited, who wrote it, the time and the cost. */
export function WhyThisAnswerButton({ chatLogId, question }: { chatLogId: string; question: string }) {
  const { t } = useTranslation();
  const { queryRef, load, dispose } = useExplanationLoader();
  return (
    <>
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="ghost"
        aria-label={t('attention.why.buttonLabel', { question })}
        onClick={() => load(chatLogId)}
      >
        {t('attention.why.button')}
      </Button>
      {queryRef && (
        <ModalDialog open onClose={dispose} title={t('attention.why.title')}>
          <ExplanationPanel queryRef={queryRef} />
        </ModalDialog>
      )}
    </>
  );
}
