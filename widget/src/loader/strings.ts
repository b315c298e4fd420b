/** The bubble's accessible names in the bot's language. */
const LAUNCHER_STRINGS: Record<string, { open: string; close: string }> = {
  en: { open: 'Open chat', close: 'Close chat' },
  es: { open: 'Abrir chat', close: 'Cerrar chat' },
  fr: { open: 'Ouvrir le chat', close: 'Fermer le chat' },
  de: { open: 'Chat öffnen', close: 'Chat schließen' },
  it: { open: 'Apri chat', close: 'Chiudi chat' },
};

/** The bot's language when the launcher speaks it, else English. */
export function launcherLanguage(languageCode: string): string {
  // Own keys only: `in` or an index would also find Object.prototype's (`constructor`).
  return Object.hasOwn(LAUNCHER_STRINGS, languageCode) ? languageCode : 'en';
}

export function launcherStrings(languageCode: string): { open: string; close: string } {
  return LAUNCHER_STRINGS[launcherLanguage(languageCode)]!;
}
