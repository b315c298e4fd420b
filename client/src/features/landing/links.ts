export const SIGN_IN_PATH = '/?auth=signin';
export const SIGN_UP_PATH = '/?auth=signup';

/** Sign-up for the free trial of a plan picked on the landing. */
export const signUpPathFor = (plan: string) => `${SIGN_UP_PATH}&${new URLSearchParams({ plan })}`;
export const DEMO_PATH = '/demo';
