export const SIGN_IN_PATH = '/?auth=signin';
export const SIGN_UP_PATH = '/?auth=signup';
export const DEMO_PATH = '/demo';
