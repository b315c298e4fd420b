import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import type { CrawlPagesDialogQuery } from './__generated__/CrawlPagesDialogQuery.graphql.ts';
import { LoadBoundary } from './LoadBoundary.tsx';

/** A whole site can be large; the first pages are enough to check what the crawl read. */
const PAGES_SHOWN = 200;

function CrawlPages({ crawlId }: { crawlId: string }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<CrawlPagesDialogQuery>(
    graphql`
      query CrawlPagesDialogQuery($id: ID!, $first: Int!) {
        node(id: $id) {
          ... on WebSource {
            pages(first: $first) {
              totalCount
              edges {
                node {
                  url
                  title
                }
              }
            }
          }
        }
      }
    `,
    { id: crawlId, first: PAGES_SHOWN },
    // A running crawl keeps adding pages: always ask the server.
    { fetchPolicy: 'network-only' },
  );
  const pages = node?.pages;
  if (!pages) return <Text role="alert">{t('knowledge.website.pagesDialog.loadFailed')}</Text>;
  if (pages.edges.length === 0) return <Text>{t('knowledge.website.pagesDialog.empty')}</Text>;
  return (
    <Stack gap="3">
      {pages.totalCount > pages.edges.length && (
        <Text fontSize="sm" color="fg.muted">
          {t('knowledge.website.pagesDialog.partial', { shown: pages.edges.length, total: pages.totalCount })}
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
        {pages.edges.map(({ node: page }) => (
          <Stack as="li" key={page.url} gap="0">
            <Text fontWeight="semibold">{page.title || t('knowledge.website.pagesDialog.untitled')}</Text>
            <Link href={page.url} target="_blank" rel="noopener noreferrer" fontSize="sm" wordBreak="break-all" color="fg.muted">
              {page.url}
            </Link>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

export function CrawlPagesDialog({ crawlId, url, open, onClose }: { crawlId: string; url: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('knowledge.website.pagesDialog.title', { url })}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('knowledge.website.pagesDialog.close')}
        </Button>
      }
    >
      <LoadBoundary
        fallback={(retry) => (
          <Stack gap="2" align="start">
            <Text role="alert">{t('knowledge.website.pagesDialog.loadFailed')}</Text>
            <Button size="sm" variant="outline" onClick={retry}>
              {t('common.retry')}
            </Button>
          </Stack>
        )}
      >
        <Suspense fallback={<Spinner aria-label={t('common.loading')} />}>
          <CrawlPages crawlId={crawlId} />
        </Suspense>
      </LoadBoundary>
    </ModalDialog>
  );
}
