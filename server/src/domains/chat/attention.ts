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

/** Dice similarity of two stem sets; two empty sets are alike only if the texts are (see `groupAttention`). */
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

/**
 * Groups items by bot and by question: each item joins the group of its bot whose first (newest)
 * question is most alike, at SAME_QUESTION_SIMILARITY or more, else starts one. Questions without a
 * content word ("hello?") group only with the same text.
 */
export function groupAttention(items: readonly AttentionItem[], order: AttentionOrder = 'MOST_FREQUENT'): AttentionGroup[] {
  const newestFirst = [...items].sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime() || (a.answerId < b.answerId ? 1 : -1));
  const groups: { group: AttentionGroup; stems: Set<string>; text: string }[] = [];
  for (const item of newestFirst) {
    const stems = new Set(stemmedTerms(item.question, questionLanguage(item.question, item.botLanguageCode)));
    const text = normalized(item.question);
    let best: (typeof groups)[number] | undefined;
    let bestScore = 0;
    for (const candidate of groups) {
      if (candidate.group.botId !== item.botId) continue;
      const score =
        stems.size === 0 || candidate.stems.size === 0 ? (text === candidate.text ? 1 : 0) : stemSimilarity(stems, candidate.stems);
      if (score >= SAME_QUESTION_SIMILARITY && score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best) {
      best.group.items.push(item);
      best.group.count += 1;
      for (const reason of reasonsOf(item)) if (!best.group.reasons.includes(reason)) best.group.reasons.push(reason);
    } else {
      groups.push({
        stems,
        text,
        group: {
          id: item.answerId,
          botId: item.botId,
          question: item.question,
          count: 1,
          latestAt: item.askedAt,
          reasons: reasonsOf(item),
          items: [item],
        },
      });
    }
  }
  const result = groups.map(({ group }) => ({ ...group, reasons: ATTENTION_REASONS.filter((reason) => group.reasons.includes(reason)) }));
  if (order === 'MOST_FREQUENT') result.sort((a, b) => b.count - a.count || b.latestAt.getTime() - a.latestAt.getTime());
  return result;
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
