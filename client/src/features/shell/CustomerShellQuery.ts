import { graphql, loadQuery } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import type { CustomerShellQuery } from './__generated__/CustomerShellQuery.graphql.ts';

/** What the customer's frame shows of the server's data: the inbox's waiting count. Small, so the router can start it. */
export const customerShellQuery = graphql`
  query CustomerShellQuery {
    viewer {
      ...InboxMenuBadgeFragment
    }
  }
`;

export const loadCustomerShellQuery = (environment: IEnvironment) =>
  loadQuery<CustomerShellQuery>(environment, customerShellQuery, {}, { fetchPolicy: 'store-and-network' });
