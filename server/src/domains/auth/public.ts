// What other domains use of auth's insides: who is asking, the admin check, Google's configuration and callback.
export { NO_VIEWER, type AuthenticatedViewer, type Viewer } from './viewer.ts';
export { assertAdmin, isAdmin } from './roles.ts';
export { GoogleSignInError, isGoogleConfigured, readGoogleCallback } from './google.ts';
