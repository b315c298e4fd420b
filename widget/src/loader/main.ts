/**
 * The embed loader, built to dist/widget.js. Customers paste:
 *   <script src="https://product/widget.js?v=1" data-bot-id="…" data-token="…" async></script>
 * It asks the public API whether the bot is active, then draws the launcher; the chat app itself
 * loads only when the visitor opens it.
 */
import { findOwnScript, readEmbedConfig } from './embed.ts';
import { startWidget } from './widget.ts';

const embed = readEmbedConfig(findOwnScript(document));
if (!embed) {
  console.warn('[chatbot-widget] the <script> tag needs a src and a data-bot-id attribute');
} else if (!window.ChatbotWidget) {
  // A second copy of the snippet (or a React remount) must not draw a second bubble.
  startWidget(embed);
}
