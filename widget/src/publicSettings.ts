/** GET /api/v1/public/bots/settings/{bot_id}: what the widget knows about a bot before a visitor talks to it. */
export interface PublicSettings {
  display_name: string;
  theme_color: string | null;
  logo_url: string | null;
  icon_url: string | null;
  chat_position: string;
  is_active: boolean;
  language_code: string;
  streaming: boolean;
  /** The owner turned "Talk to a person" on: the visitor can ask for a person of the team. */
  talk_to_person: boolean;
}

export const PUBLIC_API_PATH = '/api/v1/public';

export function settingsPath(botId: string): string {
  return `${PUBLIC_API_PATH}/bots/settings/${encodeURIComponent(botId)}`;
}
