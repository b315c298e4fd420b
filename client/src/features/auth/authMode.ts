/** Which of its two forms the auth view shows. */
export type AuthMode = 'signin' | 'signup';
