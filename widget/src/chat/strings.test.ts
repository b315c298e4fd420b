import { describe, expect, it } from 'vitest';
import { launcherStrings } from '../loader/strings.ts';
import { displayText, joinedLine } from './conversation.ts';
import { browserLanguage, chatLanguage, stringsFor, type ChatLanguage } from './strings.ts';

// Bot languages are the server's (en, es, fr, de, it); anything else, a prototype key included, is English.
const LOOKUPS: [string | undefined, string, string, string][] = [
  ['en', 'Type your message...', 'Send message', 'Open chat'],
  ['es', 'Escriba su mensaje...', 'Enviar mensaje', 'Abrir chat'],
  ['fr', 'Écrivez votre message...', 'Envoyer le message', 'Ouvrir le chat'],
  ['de', 'Nachricht eingeben...', 'Nachricht senden', 'Chat öffnen'],
  ['it', 'Scriva il suo messaggio...', 'Invia messaggio', 'Apri chat'],
  ['pt', 'Type your message...', 'Send message', 'Open chat'],
  ['', 'Type your message...', 'Send message', 'Open chat'],
  [undefined, 'Type your message...', 'Send message', 'Open chat'],
  ['toString', 'Type your message...', 'Send message', 'Open chat'],
  ['constructor', 'Type your message...', 'Send message', 'Open chat'],
  ['__proto__', 'Type your message...', 'Send message', 'Open chat'],
];

// Asking for a person, and the lines saying who answers, in each of the bot's languages.
const HANDOFF: [ChatLanguage, string, string, string, string][] = [
  [
    'en',
    'Talk to a person',
    'Waiting for a person from the team…',
    'Ana joined the conversation',
    "You're chatting with the assistant again.",
  ],
  [
    'es',
    'Hablar con una persona',
    'Esperando a una persona del equipo…',
    'Ana se ha unido a la conversación',
    'Vuelve a hablar con el asistente.',
  ],
  [
    'fr',
    'Parler à une personne',
    'En attente d’une personne de l’équipe…',
    'Ana a rejoint la conversation',
    'Vous discutez de nouveau avec l’assistant.',
  ],
  [
    'de',
    'Mit einer Person sprechen',
    'Warten auf eine Person aus dem Team…',
    'Ana ist dem Gespräch beigetreten',
    'Sie chatten wieder mit dem Assistenten.',
  ],
  [
    'it',
    'Parla con una persona',
    'In attesa di una persona del team…',
    'Ana partecipa ora alla conversazione',
    'Sta di nuovo parlando con l’assistente.',
  ],
];

describe('the widget’s dictionaries', () => {
  it.each(HANDOFF)('in %s: offers %j, waits with %j, says %j and %j', (language, talk, waiting, joined, back) => {
    const strings = stringsFor(language);
    expect([strings.talkToPerson, strings.waitingForPerson, displayText(joinedLine('Ana'), strings), strings.assistantBack]).toEqual([
      talk,
      waiting,
      joined,
      back,
    ]);
  });

  it.each(HANDOFF.map(([language]) => language))('has every text in %s', (language) => {
    const english = stringsFor('en');
    const strings = stringsFor(language);
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    expect(Object.values(strings).every((text) => text.trim() !== '')).toBe(true);
  });

  it('puts a person’s name into the line as written, replacement patterns included', () => {
    expect(displayText(joinedLine('$& Co'), stringsFor('en'))).toBe('$& Co joined the conversation');
    expect(displayText(joinedLine(null), stringsFor('fr'))).toBe('Une personne de l’équipe a rejoint la conversation');
  });

  it.each(LOOKUPS)('for a bot in %j: the chat app says %j and %j, the bubble %j', (code, placeholder, send, open) => {
    const strings = stringsFor(chatLanguage(code));
    expect([strings.placeholder, strings.send]).toEqual([placeholder, send]);
    expect(launcherStrings(code ?? '').open).toBe(open);
  });

  it.each([
    [['fr-CA', 'en'], 'fr'],
    [['pt-BR', 'de'], 'de'],
    [['pt-BR'], 'en'],
    [['constructor'], 'en'],
    [[], 'en'],
  ])('reads the browser’s languages %j as %s', (languages, expected) => {
    expect(browserLanguage(languages)).toBe(expected);
  });
});
