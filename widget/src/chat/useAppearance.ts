import { useEffect, useState } from 'react';
import type { PublicSettings } from '../publicSettings.ts';
import { DEFAULT_THEME_COLOR, themeColorOr } from '../theme.ts';
import { ApiError, fetchSettings } from './api.ts';
import { chatLanguage, type ChatLanguage } from './strings.ts';

export interface Appearance {
  title: string;
  themeColor: string;
  logoUrl: string | null;
  language: ChatLanguage;
  /** The owner lets the visitor ask for a person. */
  talkToPerson: boolean;
}

const DEFAULT_APPEARANCE: Appearance = {
  title: 'AI Assistant',
  themeColor: DEFAULT_THEME_COLOR,
  logoUrl: null,
  language: 'en',
  talkToPerson: false,
};

function appearanceOf(settings: PublicSettings): Appearance {
  return {
    title: settings.display_name || DEFAULT_APPEARANCE.title,
    themeColor: themeColorOr(settings.theme_color),
    // Relative /static URLs resolve against this page, which is the API's origin.
    logoUrl: settings.logo_url || null,
    language: chatLanguage(settings.language_code),
    talkToPerson: settings.talk_to_person,
  };
}

/** The bot's look and language; the defaults stay when the settings cannot be fetched. */
export function useAppearance(botId: string): Appearance {
  const [appearance, setAppearance] = useState(DEFAULT_APPEARANCE);
  useEffect(() => {
    let cancelled = false;
    fetchSettings(botId).then(
      (settings) => {
        if (!cancelled) setAppearance(appearanceOf(settings));
      },
      (error: unknown) => console.warn((error instanceof ApiError && error.message) || 'Failed to fetch bot settings'),
    );
    return () => {
      cancelled = true;
    };
  }, [botId]);
  return appearance;
}
