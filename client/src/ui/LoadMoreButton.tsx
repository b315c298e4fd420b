import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A paginated list's next page, as `usePaginationFragment` gives it. */
export interface NextPage {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
}

/** "Load more" under a list with a next page; nothing once the list is whole. */
export function LoadMoreButton({
  page,
  pageSize,
  label,
  alignSelf = 'center',
}: {
  page: NextPage;
  pageSize: number;
  /** The button's words where the list says what it holds ("Show more documents"). */
  label?: string;
  alignSelf?: 'center' | 'start';
}) {
  const { t } = useTranslation();
  if (!page.hasNext) return null;
  return (
    <Button alignSelf={alignSelf} variant="outline" loading={page.isLoadingNext} onClick={() => page.loadNext(pageSize)}>
      {label ?? t('common.loadMore')}
    </Button>
  );
}
