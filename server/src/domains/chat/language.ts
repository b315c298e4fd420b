import type { BOT_LANGUAGES } from '../bots/public.ts';

export type BotLanguage = (typeof BOT_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<BotLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
};

/** Sentences the product itself says in a bot's language (the offline answerer and fallbacks). */
export const BOT_PHRASES: Record<
  BotLanguage,
  {
    foundIntro: string;
    notFound: string;
    askMore: string;
    suggestContact: string;
    sources: string;
    /** A visitor's answer when the bot's owner cannot pay for answers now (no credits, trial ended). */
    unavailable: string;
    /** The reply to a 👍 or 👎 sent on WhatsApp right after an answer. */
    thanksForRating: string;
  }
> = {
  en: {
    foundIntro: 'Here is what I found in my knowledge base:',
    notFound: 'I could not find information about that in my knowledge base.',
    askMore: 'Could you tell me a bit more about what you are looking for?',
    suggestContact: 'Please contact our team directly and they will be happy to help.',
    sources: 'Sources',
    unavailable: 'This assistant is unavailable right now. Please try again later.',
    thanksForRating: 'Thank you for your feedback.',
  },
  fr: {
    foundIntro: 'Voici ce que j’ai trouvé dans ma base de connaissances :',
    notFound: 'Je n’ai pas trouvé d’information à ce sujet dans ma base de connaissances.',
    askMore: 'Pouvez-vous m’en dire un peu plus sur ce que vous cherchez ?',
    suggestContact: 'N’hésitez pas à contacter directement notre équipe, elle se fera un plaisir de vous aider.',
    sources: 'Sources',
    unavailable: 'Cet assistant n’est pas disponible pour le moment. Veuillez réessayer plus tard.',
    thanksForRating: 'Merci pour votre avis.',
  },
  es: {
    foundIntro: 'Esto es lo que encontré en mi base de conocimientos:',
    notFound: 'No encontré información sobre eso en mi base de conocimientos.',
    askMore: '¿Podría contarme un poco más sobre lo que busca?',
    suggestContact: 'Póngase en contacto directamente con nuestro equipo y le ayudarán con gusto.',
    sources: 'Fuentes',
    unavailable: 'Este asistente no está disponible en este momento. Inténtelo de nuevo más tarde.',
    thanksForRating: 'Gracias por su opinión.',
  },
  de: {
    foundIntro: 'Folgendes habe ich in meiner Wissensdatenbank gefunden:',
    notFound: 'Dazu habe ich in meiner Wissensdatenbank keine Informationen gefunden.',
    askMore: 'Können Sie mir etwas mehr darüber sagen, wonach Sie suchen?',
    suggestContact: 'Bitte wenden Sie sich direkt an unser Team, es hilft Ihnen gerne weiter.',
    sources: 'Quellen',
    unavailable: 'Dieser Assistent ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
    thanksForRating: 'Danke für Ihr Feedback.',
  },
  it: {
    foundIntro: 'Ecco cosa ho trovato nella mia base di conoscenza:',
    notFound: 'Non ho trovato informazioni su questo nella mia base di conoscenza.',
    askMore: 'Può dirmi qualcosa in più su ciò che sta cercando?',
    suggestContact: 'Contatti direttamente il nostro team, sarà lieto di aiutarla.',
    sources: 'Fonti',
    unavailable: 'Questo assistente non è disponibile al momento. Riprovi più tardi.',
    thanksForRating: 'Grazie per il suo parere.',
  },
};

export function botLanguage(code: string): BotLanguage {
  return code in LANGUAGE_NAMES ? (code as BotLanguage) : 'en';
}

/** What the bot says when its knowledge has no answer, following its follow-up behaviour. */
export function notFoundReply(languageCode: string, followUpBehavior: string): string {
  const phrases = BOT_PHRASES[botLanguage(languageCode)];
  if (followUpBehavior === 'suggest-contact') return `${phrases.notFound} ${phrases.suggestContact}`;
  if (followUpBehavior === 'none') return phrases.notFound;
  return `${phrases.notFound} ${phrases.askMore}`;
}
