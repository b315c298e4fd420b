// Words as the offline answerer compares them: the stems lexical search uses (see
// platform/embeddings/stems.ts), in the question's language, without the words that only frame a question.
import { contentWords, detectLanguage, isStopword, stemWord } from '../../platform/embeddings/index.ts';
import { botLanguage, type BotLanguage } from './language.ts';

/**
 * Words that frame a question rather than say what it is about ("how long", "is it possible",
 * "combien", "faut-il"): they would make any passage look relevant, or none.
 */
const QUESTION_FRAME = new Set(
  'long many much ask tell know want need like please possible able allowed way get find anyone somebody combien faut peut pouvez puis savoir voudrais veux besoin demander possible'.split(
    ' ',
  ),
);

/** Words written with hyphens, also read joined: "wi-fi" meets "wifi", "e-mail" meets "email" (not "peut-on"). */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/** The stems of a text's content words in `language`, and of its hyphenated words joined. */
export function stemmedTerms(text: string, language: BotLanguage = 'en'): string[] {
  const joined = (text.match(HYPHENATED) ?? [])
    .filter((word) => !word.split('-').some((part) => part.length > 1 && isStopword(part.toLowerCase())))
    .map((word) => word.replaceAll('-', ''))
    .join(' ');
  return [...contentWords(text), ...contentWords(joined)]
    .filter((word) => !QUESTION_FRAME.has(word))
    .map((word) => stemWord(word, language));
}

/** The language a question is written in (en or fr by their function words), else the bot's. */
export function questionLanguage(question: string, botLanguageCode: string): BotLanguage {
  return detectLanguage(question) ?? botLanguage(botLanguageCode);
}
