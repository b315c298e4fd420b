import { describe, expect, it } from 'vitest';
import { launcherStrings } from '../loader/strings.ts';
import { browserLanguage, chatLanguage, stringsFor } from './strings.ts';

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

describe('the widget’s dictionaries', () => {
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
