import { Alert, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { toastAfterCommit } from '../../ui/toaster.tsx';
import type { CrawlHistoryQuery } from './__generated__/CrawlHistoryQuery.graphql.ts';
import { CrawlRow } from './CrawlRow.tsx';
import { prependCrawl } from './crawlStore.ts';
import { crawlToastId } from './crawlUrl.ts';
import { EmptyHint, KnowledgeList, ProgressBanner } from './KnowledgeList.tsx';

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
 * Live crawl progress: updates the history in place and adds crawls started elsewhere. The
 * subscription opens with the bot's recent crawls, finished ones too.
 */
function addStartedCrawl(store: RecordSourceSelectorProxy, { botId }: { botId: string }) {
  prependCrawl(store, botId, 'crawlStatusChanged');
}

interface ShownCrawl {
  readonly id: string;
  readonly url: string;
  readonly status: string;
  readonly itemsCount: number;
  readonly errorMessage: string | null | undefined;
}

/**
 * Tells the customer when a crawl they watched has finished: one shown running before, or one that
 * joined the history after it was first shown (started here or elsewhere), even if it finished
 * before it could be shown running. The crawls the history opened with, finished, say nothing.
 */
function useFinishedCrawlToasts(crawls: readonly ShownCrawl[] | undefined) {
  const { t } = useTranslation();
  const shown = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!crawls) return;
    const before = shown.current;
    shown.current = new Map(crawls.map((crawl) => [crawl.id, crawl.status]));
    if (!before) return;
    for (const crawl of crawls) {
      const previous = before.get(crawl.id);
      const watched = previous === undefined || ACTIVE_STATUSES.has(previous);
      if (!watched || previous === crawl.status) continue;
      if (crawl.status === 'completed') {
        toastAfterCommit({
          id: crawlToastId(crawl.id),
          type: 'success',
          title: t('knowledge.website.toast.successful'),
          description: t('knowledge.website.toast.successfulDescription', { count: crawl.itemsCount, url: crawl.url }),
        });
      } else if (crawl.status === 'failed') {
        toastAfterCommit({
          id: crawlToastId(crawl.id),
          type: 'error',
          title: t('knowledge.website.toast.failed'),
          description: crawl.errorMessage || t('knowledge.website.toast.failedFallback'),
        });
      }
    }
  }, [crawls, t]);
}

export function CrawlHistory({ botId, fetchKey }: { botId: string; fetchKey: number }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<CrawlHistoryQuery>(
    graphql`
      query CrawlHistoryQuery($botId: ID!) {
        node(id: $botId) {
          ... on Bot {
            id
            allowedCrawlSchedules
            webSources {
              id
              url
              maxDepth
              status
              itemsCount
              errorMessage
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
  useLiveSubscription(statusSubscription, { botId }, addStartedCrawl);
  useFinishedCrawlToasts(crawls);
  // A bot that cannot be read is a failed load; the boundary above shows the spec's message.
  if (!crawls) throw new Error(t('knowledge.website.historyFallback'));
  const running = crawls.filter((crawl) => ACTIVE_STATUSES.has(crawl.status));
  // Newest first: the first crawl of each website (url and scope) carries its schedule and "Run now".
  const sites = new Set<string>();
  const newestOfSite = new Set(
    crawls.filter((crawl) => {
      const site = `${crawl.maxDepth} ${crawl.url}`;
      if (sites.has(site)) return false;
      sites.add(site);
      return true;
    }),
  );

  return (
    <Stack gap="4">
      {running.length > 0 && (
        <ProgressBanner title={t('knowledge.website.runningTitle')}>
          {running.map((crawl) => (
            <Alert.Description key={crawl.id}>
              {t('knowledge.website.runningBanner', { url: crawl.url, count: crawl.itemsCount })}
            </Alert.Description>
          ))}
        </ProgressBanner>
      )}
      <KnowledgeList
        headingId="crawl-history-heading"
        heading={t('knowledge.website.historyHeading')}
        isEmpty={crawls.length === 0}
        whenEmpty={<EmptyHint title={t('knowledge.website.emptyTitle')} hint={t('knowledge.website.emptyHint')} />}
      >
        {crawls.map((crawl) => (
          <CrawlRow
            key={crawl.id}
            crawl={crawl}
            schedule={newestOfSite.has(crawl) ? { botId, allowedSchedules: node.allowedCrawlSchedules ?? ['OFF'] } : undefined}
          />
        ))}
      </KnowledgeList>
    </Stack>
  );
}
