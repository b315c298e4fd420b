/** The bubble's accessible names in the bot's language. */
const LAUNCHER_STRINGS: Record<string, { open: string; close: string }> = {
  en: { open: 'Open chat', close: 'Close chat' },
  es: { open: 'Abrir chat', close: 'Cerrar chat' },
  fr: { open: 'Ouvrir le chat', close: 'Fermer le chat' },
  de: { open: 'Chat öffnen', close: 'Chat schließen' },
  it: { open: 'Apri chat', close: 'Chiudi chat' },
};

export function launcherStrings(languageCode: string): { open: string; close: string } {
  return LAUNCHER_STRINGS[languageCode] ?? LAUNCHER_STRINGS.en!;
}
