import { CHAT_POSITIONS, type ChatPosition } from '@chatbot/common/bots';

/** Theme values shared by the loader's bubble and the chat app's header. */
export const DEFAULT_THEME_COLOR = '#2563eb';

const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** Only hex colours reach a stylesheet, so a stored value can never inject CSS. */
export function themeColorOr(value: unknown, fallback = DEFAULT_THEME_COLOR): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value : fallback;
}

export function chatPositionOr(value: unknown): ChatPosition {
  return CHAT_POSITIONS.find((position) => position === value) ?? 'bottom-right';
}
