// "Needs attention": the exchanges an owner should look at (questions the bot could not ground, answers
// rated down), with the same question asked many ways shown once, by the stems lexical retrieval compares.
import type { Channel } from '../../generated/prisma/client.ts';
import { csvDocument } from '../../platform/csv/index.ts';
import { questionLanguage, stemmedTerms } from './terms.ts';

export const ATTENTION_REASONS = ['UNANSWERED', 'RATED_DOWN'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const ATTENTION_ORDERS = ['MOST_FREQUENT', 'NEWEST'] as const;
export type AttentionOrder = (typeof ATTENTION_ORDERS)[number];

/**
 * How alike two questions' stems must be to count as one (Dice: twice the shared stems over both
 * counts). 0.6 joins "how do I reset my password" with "password reset" and with "reset the account
 * password", not "wifi password" with "reset password".
 */
export const SAME_QUESTION_SIMILARITY = 0.6;

/** One exchange that needs the owner's attention: its answer's id names it. */
export interface AttentionItem {
  answerId: string;
  botId: string;
  botName: string;
  botLanguageCode: string;
  channel: Channel;
  question: string;
  answer: string;
  askedAt: Date;
  unanswered: boolean;
  ratedDown: boolean;
  ratingComment: string | null;
}

/** The same question of one bot, asked once or many times: newest wording first. */
export interface AttentionGroup {
  /** The newest exchange's answer id: stable while nothing newer joins. */
  id: string;
  botId: string;
  question: string;
  count: number;
  latestAt: Date;
  reasons: AttentionReason[];
  /** Newest first. */
  items: AttentionItem[];
}

export function reasonsOf(item: Pick<AttentionItem, 'unanswered' | 'ratedDown'>): AttentionReason[] {
  return ATTENTION_REASONS.filter((reason) => (reason === 'UNANSWERED' ? item.unanswered : item.ratedDown));
}

/** Dice similarity of two stem sets; 0 when either is empty (`likeness` then compares the texts). */
export function stemSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface Cluster<Item> {
  stems: Set<string>;
  text: string;
  items: Item[];
}

/** A question's stems in its language, and its text as compared when it has no content word. */
export function questionKey(question: string, languageCode: string) {
  return { stems: new Set(stemmedTerms(question, questionLanguage(question, languageCode))), text: normalized(question) };
}

/**
 * `questionKey`, each wording stemmed once: visitors ask the same words again and again, and a
 * list of questions would otherwise stem each of its rows. For one computation, not kept.
 */
function questionKeys(): (question: string, languageCode: string) => ReturnType<typeof questionKey> {
  const keys = new Map<string, ReturnType<typeof questionKey>>();
  return (question, languageCode) => {
    const id = `${languageCode}\u0000${question}`;
    let key = keys.get(id);
    if (!key) keys.set(id, (key = questionKey(question, languageCode)));
    return key;
  };
}

/** How alike two questions are, from 0 to 1: their stems' Dice, or 1 for the same text without a content word. */
export function likeness(a: { stems: Set<string>; text: string }, b: { stems: Set<string>; text: string }): number {
  if (a.stems.size === 0 || b.stems.size === 0) return a.text === b.text ? 1 : 0;
  return stemSimilarity(a.stems, b.stems);
}

/**
 * Puts alike questions together, in the order given: each joins the cluster whose first question is
 * most alike (at SAME_QUESTION_SIMILARITY or more, and `together` allowing), else starts one.
 * Questions without a content word ("hello?") join only the same text.
 */
function clusterQuestions<Item>(
  items: readonly Item[],
  questionOf: (item: Item) => { question: string; languageCode: string },
  together: (item: Item, first: Item) => boolean = () => true,
  keyOf = questionKeys(),
): Cluster<Item>[] {
  const clusters: Cluster<Item>[] = [];
  for (const item of items) {
    const { question, languageCode } = questionOf(item);
    const key = keyOf(question, languageCode);
    let best: Cluster<Item> | undefined;
    let bestScore = 0;
    for (const cluster of clusters) {
      if (!together(item, cluster.items[0]!)) continue;
      const score = likeness(key, cluster);
      if (score >= SAME_QUESTION_SIMILARITY && score > bestScore) {
        best = cluster;
        bestScore = score;
      }
    }
    if (best) best.items.push(item);
    else clusters.push({ ...key, items: [item] });
  }
  return clusters;
}

/** Groups items by bot and by question (see clusterQuestions), newest wording first. */
export function groupAttention(items: readonly AttentionItem[], order: AttentionOrder = 'MOST_FREQUENT'): AttentionGroup[] {
  const newestFirst = [...items].sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime() || (a.answerId < b.answerId ? 1 : -1));
  const clusters = clusterQuestions(
    newestFirst,
    (item) => ({ question: item.question, languageCode: item.botLanguageCode }),
    (item, first) => item.botId === first.botId,
  );
  const groups = clusters.map(({ items: [newest, ...older] }) => {
    const all = [newest!, ...older];
    return {
      id: newest!.answerId,
      botId: newest!.botId,
      question: newest!.question,
      count: all.length,
      latestAt: newest!.askedAt,
      reasons: ATTENTION_REASONS.filter((reason) => all.some((item) => reasonsOf(item).includes(reason))),
      items: all,
    };
  });
  if (order === 'MOST_FREQUENT') groups.sort((a, b) => b.count - a.count || b.latestAt.getTime() - a.latestAt.getTime());
  return groups;
}

export interface AskedQuestion {
  question: string;
  languageCode: string;
}

export interface Topic {
  /** The wording asked most recently. */
  question: string;
  count: number;
  /** How many of the earlier period's questions were alike. */
  previousCount: number;
}

/**
 * The most asked topics of a period (questions newest first), each with how often it was asked in
 * the period before: alike questions count as one topic, across bots.
 */
export function topTopics(current: readonly AskedQuestion[], previous: readonly AskedQuestion[], limit: number): Topic[] {
  const keyOf = questionKeys();
  const top = clusterQuestions(current, (asked) => asked, undefined, keyOf)
    .sort((a, b) => b.items.length - a.items.length)
    .slice(0, limit);
  const earlier = previous.map((asked) => keyOf(asked.question, asked.languageCode));
  return top.map((cluster) => ({
    question: cluster.items[0]!.question,
    count: cluster.items.length,
    previousCount: earlier.filter((key) => likeness(key, cluster) >= SAME_QUESTION_SIMILARITY).length,
  }));
}

/** needs-attention.csv: a group a row, as the view lists them. */
export function attentionCsv(groups: readonly AttentionGroup[]): string {
  return csvDocument(
    ['question', 'times_asked', 'last_asked', 'reasons', 'bot', 'channels', 'last_answer', 'comments'],
    groups.map((group) => [
      group.question,
      String(group.count),
      group.latestAt.toISOString(),
      group.reasons.map((reason) => reason.toLowerCase()).join(' '),
      group.items[0]!.botName,
      [...new Set(group.items.map((item) => item.channel))].join(' '),
      group.items[0]!.answer,
      group.items.flatMap((item) => (item.ratingComment ? [item.ratingComment] : [])).join(' | '),
    ]),
  );
}
