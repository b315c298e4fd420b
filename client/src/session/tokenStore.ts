/** A customer's free trial as GET /users/me returns it: running or ended; null without one or with a paid plan. */
export interface UserTrial {
  plan_name: string;
  ends_at: string;
  days_left: number;
  ended: boolean;
  credits_left: number;
}

/** The signed-in user as the REST API returns it (GET /users/me). */
export interface CurrentUser {
  id: string;
  email: string;
  full_name: string;
  role: 'ADMIN' | 'customer';
  plan: string;
  is_verified: boolean;
  trial?: UserTrial | null;
}

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  currentUser: 'user',
} as const;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  userId: string;
}

export const tokenStore = {
  accessToken: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refreshToken: () => localStorage.getItem(STORAGE_KEYS.refreshToken),

  saveTokens({ accessToken, refreshToken, userId }: TokenPair) {
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    localStorage.setItem(STORAGE_KEYS.userId, userId);
  },

  currentUser(): CurrentUser | null {
    const raw = localStorage.getItem(STORAGE_KEYS.currentUser);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as CurrentUser;
    } catch {
      return null;
    }
  },

  saveCurrentUser(user: CurrentUser) {
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  },

  clear() {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};
