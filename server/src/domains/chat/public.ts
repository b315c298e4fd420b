// What other domains use of chat's insides: the most asked topics (the dashboard's card), and how answers cite.
export { topTopics, type Topic } from './attention.ts';
export type { Citation } from './passages.ts';
