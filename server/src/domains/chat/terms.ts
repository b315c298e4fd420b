// Words as the offline answerer compares them: accents folded, function words dropped, and each
// word reduced to its stem in the question's language (Snowball), so "opening" meets "open" and
// "livraisons" meets "livraison".
import snowball from 'snowball-stemmers';
import { isStopword } from '../../platform/embeddings/stopwords.ts';
import { botLanguage, type BotLanguage } from './language.ts';

const STEMMER_NAMES: Record<BotLanguage, string> = { en: 'english', fr: 'french', es: 'spanish', de: 'german', it: 'italian' };
const stemmers = new Map<BotLanguage, { stem(word: string): string }>();

function stemmerFor(language: BotLanguage) {
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    stemmer = snowball.newStemmer(STEMMER_NAMES[language]);
    stemmers.set(language, stemmer);
  }
  return stemmer;
}

/** Lower case, accents folded, apostrophes of elision dropped ("l'atelier" is "atelier"). */
function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/\b[cdjlmnst]['’]/g, ' ')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Words that frame a question rather than say what it is about ("how long", "is it possible",
 * "combien", "faut-il"): they would make any passage look relevant, or none.
 */
const QUESTION_FRAME = new Set(
  'long many ask tell know want need like please possible able allowed way get find anyone somebody combien faut peut pouvez puis savoir voudrais veux besoin demander possible'.split(
    ' ',
  ),
);

/** The stems of a text's content words in `language`. */
export function stemmedTerms(text: string, language: BotLanguage = 'en'): string[] {
  const stemmer = stemmerFor(language);
  return words(text)
    .filter((word) => word.length > 1 && !isStopword(word) && !QUESTION_FRAME.has(word))
    .map((word) => (/^\d/.test(word) ? word : stemmer.stem(word)));
}

const FRENCH_MARKERS = new Set([
  'le',
  'la',
  'les',
  'des',
  'du',
  'est',
  'vous',
  'vos',
  'votre',
  'quel',
  'quelle',
  'quelles',
  'quels',
  'combien',
  'pour',
  'avec',
  'une',
  'un',
  'que',
  'qui',
  'est-ce',
  'faut',
  'il',
  'sont',
  'et',
  'au',
  'aux',
  'peut',
  'puis',
  'je',
  'mon',
  'ma',
  'mes',
]);
const ENGLISH_MARKERS = new Set([
  'the',
  'is',
  'are',
  'do',
  'does',
  'you',
  'your',
  'what',
  'which',
  'when',
  'where',
  'how',
  'can',
  'i',
  'my',
  'to',
  'of',
  'and',
  'a',
  'an',
  'in',
  'for',
  'with',
  'it',
  'there',
  'much',
  'many',
]);

/** The language a question is written in (en or fr by their function words), else the bot's. */
export function questionLanguage(question: string, botLanguageCode: string): BotLanguage {
  const tokens = question.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const french = tokens.filter((token) => FRENCH_MARKERS.has(token)).length + (/[àâçéèêëîïôûùüÿœ]/i.test(question) ? 1 : 0);
  const english = tokens.filter((token) => ENGLISH_MARKERS.has(token)).length;
  if (french > english) return 'fr';
  if (english > french) return 'en';
  return botLanguage(botLanguageCode);
}
