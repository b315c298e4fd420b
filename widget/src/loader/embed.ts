/** Where the widget comes from and which bot it shows, read from the pasted <script> tag. */
export interface EmbedConfig {
  botId: string;
  /** May be empty: the chat app then shows its configuration error. */
  widgetToken: string;
  /** The product's origin, taken from the loader's own URL: the API, the chat app and the icons live there. */
  origin: string;
}

export function findOwnScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  // currentScript is null when the loader is run from a callback or wrapped by a tag manager.
  return doc.querySelector<HTMLScriptElement>('script[data-bot-id][src*="/widget.js"]');
}

export function readEmbedConfig(script: HTMLScriptElement | null): EmbedConfig | null {
  const botId = script?.dataset.botId?.trim();
  if (!script?.src || !botId) return null;
  return { botId, widgetToken: script.dataset.token?.trim() ?? '', origin: new URL(script.src).origin };
}
