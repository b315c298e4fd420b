import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { toaster } from '../../ui/toaster.tsx';
import type { CrawlHistoryQuery } from './__generated__/CrawlHistoryQuery.graphql.ts';
import type { CrawlHistoryStatusSubscription } from './__generated__/CrawlHistoryStatusSubscription.graphql.ts';
import { CrawlRow } from './CrawlRow.tsx';

const ACTIVE_STATUSES = new Set(['pending', 'running']);

const statusSubscription = graphql`
  subscription CrawlHistoryStatusSubscription($botId: ID!) {
    crawlStatusChanged(botId: $botId) {
      id
      url
      status
      itemsCount
      errorMessage
      ...CrawlRowFragment
    }
  }
`;

/**
 * Live crawl progress: updates the history in place, adds crawls started elsewhere, and tells the
 * customer when a crawl they watched running has finished. `shown` is the history as rendered: the
 * subscription opens with the recent crawls, finished ones too, and only a crawl last seen running
 * (in the history or in an earlier event) has just finished.
 */
function useCrawlStatuses(botId: string, shown: readonly { id: string; status: string }[] | undefined) {
  const { t } = useTranslation();
  const lastStatuses = useRef(new Map<string, string>());
  useEffect(() => {
    for (const crawl of shown ?? []) if (!lastStatuses.current.has(crawl.id)) lastStatuses.current.set(crawl.id, crawl.status);
  }, [shown]);
  const config = useMemo<GraphQLSubscriptionConfig<CrawlHistoryStatusSubscription>>(
    () => ({
      subscription: statusSubscription,
      variables: { botId },
      updater: (store) => {
        const crawl = store.getRootField('crawlStatusChanged');
        const bot = store.get(botId);
        if (!crawl || !bot) return;
        const history = bot.getLinkedRecords('webSources') ?? [];
        if (!history.some((entry) => entry?.getDataID() === crawl.getDataID())) bot.setLinkedRecords([crawl, ...history], 'webSources');
      },
      onNext: (response) => {
        if (!response) return;
        const { id, url, status, itemsCount, errorMessage } = response.crawlStatusChanged;
        const previous = lastStatuses.current.get(id);
        lastStatuses.current.set(id, status);
        if (previous === undefined || !ACTIVE_STATUSES.has(previous) || ACTIVE_STATUSES.has(status)) return;
        if (status === 'completed') {
          toaster.create({
            type: 'success',
            title: t('knowledge.website.toast.successful'),
            description: t('knowledge.website.toast.successfulDescription', { count: itemsCount, url }),
          });
        } else if (status === 'failed') {
          toaster.create({
            type: 'error',
            title: t('knowledge.website.toast.failed'),
            description: errorMessage || t('knowledge.website.toast.failedFallback'),
          });
        }
      },
    }),
    [botId, t],
  );
  useSubscription(config);
}

export function CrawlHistory({ botId, fetchKey }: { botId: string; fetchKey: number }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<CrawlHistoryQuery>(
    graphql`
      query CrawlHistoryQuery($botId: ID!) {
        node(id: $botId) {
          ... on Bot {
            id
            webSources {
              id
              url
              status
              itemsCount
              ...CrawlRowFragment
            }
          }
        }
      }
    `,
    { botId },
    { fetchKey, fetchPolicy: 'store-and-network' },
  );
  const crawls = node?.webSources;
  useCrawlStatuses(botId, crawls);
  // A bot that cannot be read is a failed load; the boundary above shows the spec's message.
  if (!crawls) throw new Error(t('knowledge.website.historyFallback'));
  const running = crawls.filter((crawl) => ACTIVE_STATUSES.has(crawl.status));

  return (
    <Stack gap="4">
      {running.length > 0 && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('knowledge.website.runningTitle')}</Alert.Title>
            {running.map((crawl) => (
              <Alert.Description key={crawl.id}>
                {t('knowledge.website.runningBanner', { url: crawl.url, count: crawl.itemsCount })}
              </Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="3" as="section" aria-labelledby="crawl-history-heading">
        <Heading as="h3" size="md" id="crawl-history-heading">
          {t('knowledge.website.historyHeading')}
        </Heading>
        {crawls.length === 0 ? (
          <Stack gap="1" padding="6" borderWidth="1px" borderStyle="dashed" borderRadius="md" textAlign="center">
            <Text fontWeight="semibold">{t('knowledge.website.emptyTitle')}</Text>
            <Text color="fg.muted">{t('knowledge.website.emptyHint')}</Text>
          </Stack>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
            {crawls.map((crawl) => (
              <CrawlRow key={crawl.id} crawl={crawl} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
