import { Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { ListCard } from '../../ui/ListCard.tsx';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { CustomerPlanBadge, CustomerStatusBadge } from '../admin-customers/CustomerBadges.tsx';
import type { AdminRecentUsersFragment$key } from './__generated__/AdminRecentUsersFragment.graphql.ts';

export function AdminRecentUsers({ overview }: { overview: AdminRecentUsersFragment$key }) {
  const { t } = useTranslation();
  const { recentUsers } = useFragment(
    graphql`
      fragment AdminRecentUsersFragment on AdminOverview {
        recentUsers {
          id
          name
          email
          status
          plan
          joinDate
        }
      }
    `,
    overview,
  );
  return (
    <ListCard title={t('adminOverview.recentUsers')} empty={recentUsers.length === 0} emptyText={t('adminOverview.noUsers')}>
      <Stack as="ul" gap="4" listStyleType="none" margin="0" padding="0">
        {recentUsers.map((user) => (
          <Flex as="li" key={user.id} justify="space-between" align="start" gap="3" wrap="wrap">
            <Stack gap="0" minWidth="0">
              <Text fontWeight="medium">{user.name}</Text>
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {user.email}
              </Text>
            </Stack>
            <Stack gap="1" align={{ base: 'start', sm: 'end' }}>
              <HStack gap="2">
                <CustomerStatusBadge status={user.status} />
                <CustomerPlanBadge plan={user.plan} />
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {t('adminOverview.joined', { date: user.joinDate })}
              </Text>
            </Stack>
          </Flex>
        ))}
      </Stack>
    </ListCard>
  );
}
