import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';

/** Shown when the server no longer knows the viewer: clears the session and goes home. */
export function SessionExpired() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate('/', { replace: true }));
  }, [signOut, navigate]);
  return <PageSpinner />;
}
