import type { Identity } from '../protocol.ts';
import { settingsPath, type PublicSettings } from '../publicSettings.ts';
import type { EmbedConfig } from './embed.ts';
import { mountLauncher, type Launcher } from './launcher.ts';

export interface ChatbotWidgetApi {
  open(): void;
  close(): void;
  identify(name?: string, email?: string): void;
  destroy(): void;
}

declare global {
  interface Window {
    ChatbotWidget?: ChatbotWidgetApi;
  }
}

async function fetchSettings(embed: EmbedConfig): Promise<PublicSettings> {
  const response = await fetch(embed.origin + settingsPath(embed.botId));
  if (!response.ok) throw new Error(`bot settings answered ${response.status}`);
  return (await response.json()) as PublicSettings;
}

/** Installs window.ChatbotWidget at once; calls made before the bubble exists are applied when it does. */
export function startWidget(embed: EmbedConfig): ChatbotWidgetApi {
  let launcher: Launcher | null = null;
  let identity: Identity = {};
  let openWhenReady = false;
  let destroyed = false;

  const api: ChatbotWidgetApi = {
    open() {
      if (launcher) launcher.open();
      else openWhenReady = true;
    },
    close() {
      openWhenReady = false;
      launcher?.close();
    },
    identify(name, email) {
      identity = { name: typeof name === 'string' ? name : undefined, email: typeof email === 'string' ? email : undefined };
      launcher?.identify(identity);
    },
    destroy() {
      destroyed = true;
      launcher?.destroy();
      if (window.ChatbotWidget === api) delete window.ChatbotWidget;
    },
  };
  window.ChatbotWidget = api;

  fetchSettings(embed).then(
    (settings) => {
      if (destroyed || !settings.is_active) return;
      launcher = mountLauncher(embed, settings, identity);
      if (openWhenReady) launcher.open();
    },
    (error: unknown) => console.warn('[chatbot-widget] not shown:', error),
  );
  return api;
}
