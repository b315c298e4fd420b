import { browserLanguage, stringsFor } from '../strings.ts';

/** Shown when the address lacks bot_id or token: no bot, so the browser's language says it. */
export function ConfigError({ languages }: { languages: readonly string[] }) {
  const strings = stringsFor(browserLanguage(languages));
  return (
    <main className="config-error" role="alert">
      <h1>{strings.configErrorTitle}</h1>
      <p>{strings.configErrorText}</p>
    </main>
  );
}
