/** Shown when the address lacks bot_id or token; always in English: no bot, no language. */
export function ConfigError() {
  return (
    <main className="config-error" role="alert">
      <h1>Configuration Error</h1>
      <p>Bot ID or token missing from URL parameters</p>
    </main>
  );
}
