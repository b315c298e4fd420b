import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { SessionExpired } from '../shell/SessionExpired.tsx';

/** What an admin page shows when `Query.admin` is not the Admin: signed out, or not an admin. */
export function AdminUnavailable({ result }: { result: { readonly __typename: string; readonly message?: string } }) {
  if (result.__typename === 'AuthenticationError') return <SessionExpired />;
  return <ErrorPanel message={result.message ?? ''} />;
}
