import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { toastAfterCommit } from '../../ui/toaster.tsx';

function LoadFailure({ title, message }: { title: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // One toast per failure, however often the panel renders.
    toastAfterCommit({ id: `load-failure:${title}`, type: 'error', title, description: message });
  }, [title, message]);
  // Navigating to the same address runs the route's loader again: a fresh query.
  return <ErrorPanel title={title} message={message} onRetry={() => void navigate('.', { replace: true })} />;
}

/**
 * Catches a failed load of an admin page (its query, or a refetch of a list) and says so with the
 * page's own title: a toast, and a panel with a retry in place of the page.
 */
export function AdminPageBoundary({ title, message, children }: { title: string; message?: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.key} fallback={(error) => <LoadFailure title={title} message={message ?? error.message} />}>
      {children}
    </ErrorBoundary>
  );
}
