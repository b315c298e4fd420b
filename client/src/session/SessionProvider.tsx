import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { relayEnvironment, resetRelayEnvironment } from '../relay/environment.ts';
import { authApi } from './api.ts';
import { tokenStore, type CurrentUser } from './tokenStore.ts';

interface Session {
  user: CurrentUser | null;
  /** True while a stored token is being checked at start. */
  checking: boolean;
  signIn(email: string, password: string): Promise<CurrentUser>;
  /** Finishes a Google sign-in: the server's callback left a single-use code for this call to redeem. */
  signInWithGoogle(): Promise<CurrentUser>;
  signOut(): Promise<void>;
  /** Fetches the user again (after a plan change, say); keeps the current one if that fails. */
  refreshUser(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}

/** Where a user lands after signing in. */
export const homeOf = (user: CurrentUser) => (user.role === 'ADMIN' ? '/admin/overview' : '/dashboard');

function storedUser(): CurrentUser | null {
  return tokenStore.accessToken() ? tokenStore.currentUser() : null;
}

/**
 * Holds the signed-in user. A stored token is checked once at start by fetching the user; the
 * session is cleared when that fails.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState(storedUser);
  const [environment, setEnvironment] = useState(relayEnvironment);
  const [checking, setChecking] = useState(() => tokenStore.accessToken() !== null);

  const startSession = useCallback((next: CurrentUser | null) => {
    setEnvironment(resetRelayEnvironment());
    setUser(next);
  }, []);

  useEffect(() => {
    if (!tokenStore.accessToken()) return;
    authApi
      .me()
      .then(
        (me) => {
          tokenStore.saveCurrentUser(me);
          setUser(me);
        },
        () => {
          tokenStore.clear();
          startSession(null);
        },
      )
      .finally(() => setChecking(false));
  }, [startSession]);

  const session = useMemo<Session>(
    () => ({
      user,
      checking,
      async signIn(email, password) {
        const signedIn = await authApi.login(email, password);
        startSession(signedIn);
        return signedIn;
      },
      async signInWithGoogle() {
        const signedIn = await authApi.redeemGoogleSignIn();
        startSession(signedIn);
        return signedIn;
      },
      async refreshUser() {
        try {
          const me = await authApi.me();
          tokenStore.saveCurrentUser(me);
          setUser(me);
        } catch {
          // The plan shown stays as it was until the next check at start.
        }
      },
      async signOut() {
        await authApi.logout();
        tokenStore.clear();
        startSession(null);
      },
    }),
    [user, checking, startSession],
  );

  return (
    <SessionContext value={session}>
      <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
    </SessionContext>
  );
}
