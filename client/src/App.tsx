/** Placeholder shell: later issues replace it with the real app (router, Relay, Chakra). */
export function App() {
  return (
    <main className="placeholder">
      <section className="placeholder__card" aria-labelledby="placeholder-title">
        <div className="placeholder__logo" aria-hidden="true">
          <svg viewBox="0 0 32 32" width="40" height="40">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M9 11h14v8h-7l-4 3v-3H9z" fill="#fff" />
          </svg>
        </div>
        <h1 id="placeholder-title">Chatbot Builder</h1>
        <p className="placeholder__lead">— the app is being built</p>
        <p className="placeholder__status" role="status">
          <span className="placeholder__dot" aria-hidden="true" />
          Work in progress
        </p>
      </section>
    </main>
  );
}
