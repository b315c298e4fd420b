// What other domains use of chat's insides: the most asked topics (the dashboard's card).
export { topTopics, type Topic } from './attention.ts';
