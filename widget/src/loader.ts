/**
 * The embed loader, built to `dist/widget.js` as a self-contained IIFE. Sites add:
 *   <script src="https://host/widget.js" data-bot-id="BOT_ID" async></script>
 * Placeholder: it only finds its own script tag and reads the bot id; later issues mount the chat
 * bubble and the iframe (`/embed-widget/`).
 */

function findOwnScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  // document.currentScript is null when run from a callback; fall back on the tag carrying the id.
  return document.querySelector<HTMLScriptElement>('script[data-bot-id][src*="widget"]');
}

function readBotId(script: HTMLScriptElement | null): string | undefined {
  const botId = script?.getAttribute('data-bot-id')?.trim();
  return botId ? botId : undefined;
}

const botId = readBotId(findOwnScript());
if (!botId) {
  console.warn('[chatbot-widget] the <script> tag has no data-bot-id attribute');
}
