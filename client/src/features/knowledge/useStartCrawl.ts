import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { useStartCrawlMutation } from './__generated__/useStartCrawlMutation.graphql.ts';
import { prependCrawl } from './crawlStore.ts';
import { crawlToastId } from './crawlUrl.ts';

/**
 * Starts a crawl of one of the bot's websites (the form's, or "Run now" on a crawled one): the
 * crawl goes first in the bot's history, and a toast says it started (its progress replaces it).
 */
export function useStartCrawl(botId: string) {
  const { t } = useTranslation();
  const mutation = useFormMutation<useStartCrawlMutation>(
    graphql`
      mutation useStartCrawlMutation($botId: ID!, $url: String!, $maxDepth: Int!) {
        startCrawl(botId: $botId, url: $url, maxDepth: $maxDepth) {
          __typename
          ... on WebSource {
            id
            url
            ...CrawlRowFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('knowledge.website.toast.failed'), failedDescription: t('knowledge.website.toast.failedFallback') },
  );
  function start(site: { url: string; maxDepth: number }, settled?: () => void) {
    mutation.submit({
      variables: { botId, ...site },
      updater: (store) => prependCrawl(store, botId, 'startCrawl'),
      onSuccess: ({ startCrawl }) => {
        settled?.();
        toaster.create({
          id: startCrawl.id && crawlToastId(startCrawl.id),
          type: 'info',
          title: t('knowledge.website.toast.started'),
          description: t('knowledge.website.toast.startedDescription', { url: startCrawl.url }),
        });
      },
      onFailure: () => settled?.(),
    });
  }
  return { start, inFlight: mutation.inFlight };
}
