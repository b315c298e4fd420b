// What other domains use of admin's insides: the platform's AI endpoint and the holds on a suspended customer's work.
export { PlatformAi } from './platformAi.ts';
export type { WorkHolds } from './suspendedWork.ts';
