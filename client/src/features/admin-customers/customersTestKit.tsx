import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { expect } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import type { AdminCustomersRouteQuery } from './__generated__/AdminCustomersRouteQuery.graphql.ts';
import { AdminCustomersScreen, adminCustomersQuery } from './AdminCustomersRoute.tsx';

export const ADA = {
  id: 'Q3VzdG9tZXI6YWRh',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  plan: 'pro',
  status: 'trial',
  role: 'customer',
  joinDate: '2026-11-01T10:00:00.000Z',
  lastActive: null,
  bots: 2,
  conversations: 7,
  revenue: 19,
  creditBalance: 5,
};

/** The admin area's Node id, which the row actions' answers carry back with the new stats. */
export const ADMIN_ID = 'QWRtaW46cGxhdGZvcm0=';

export function renderCustomers() {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminCustomersRouteQuery>(environment, adminCustomersQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: ADMIN_ID }),
      Admin: () => ({ id: ADMIN_ID }),
      CustomerStats: () => ({ total: 12, active: 5, trial: 4, suspended: 1, inactive: 2 }),
      AdminCustomersConnection: () => ({ totalCount: 1 }),
      PageInfo: () => ({ hasNextPage: false }),
      Customer: () => ADA,
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminCustomersScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

/** Ark UI's menu ignores a second selection in the same jsdom document: one menu test per file. */
export async function openMenuItem(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
  const item = await screen.findByRole('menuitem', { name });
  await user.hover(item);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
}
