import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useFormat } from '../../i18n/format.ts';
import type { InboxMenuBadgeFragment$key } from './__generated__/InboxMenuBadgeFragment.graphql.ts';

/**
 * The inbox's entry in the menu: how many visitors wait for a person, none when nobody does. Kept
 * current by the shell's inbox subscription, which brings the viewer's count with each change.
 */
export function InboxMenuBadge({ viewer }: { viewer: InboxMenuBadgeFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { waitingConversationsCount: count } = useFragment(
    graphql`
      fragment InboxMenuBadgeFragment on User {
        id
        waitingConversationsCount
      }
    `,
    viewer,
  );
  if (count === 0) return null;
  return (
    // A shade darker than the palette's solid, so white text reads on it.
    <Badge colorPalette="orange" variant="solid" bg="orange.700" size="sm" borderRadius="full">
      {/* The number is for the eye; a screen reader hears what it counts. */}
      <span aria-hidden="true">{format(count, 'number')}</span>
      <VisuallyHidden>{t('shell.waiting', { count })}</VisuallyHidden>
    </Badge>
  );
}
