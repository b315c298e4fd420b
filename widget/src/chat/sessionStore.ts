/**
 * The visitor's session token, one per bot, in localStorage. Browsers that refuse storage to a
 * third-party iframe make it throw: the chat then lasts as long as the page.
 */
const keyFor = (botId: string) => `chatbot-widget:session:${botId}`;

export function loadSessionToken(botId: string): string | null {
  try {
    return localStorage.getItem(keyFor(botId));
  } catch {
    return null;
  }
}

export function saveSessionToken(botId: string, token: string): void {
  try {
    localStorage.setItem(keyFor(botId), token);
  } catch {
    // Storage refused: nothing to keep the token in.
  }
}
