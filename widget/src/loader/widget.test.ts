import { afterEach, describe, expect, it, vi } from 'vitest';
import { findOwnScript, readEmbedConfig } from './embed.ts';
import { startWidget } from './widget.ts';

const PRODUCT = 'https://product.test';
const EMBED = { botId: 'bot-1', widgetToken: 'widget-token', origin: PRODUCT };

function settingsFetch(isActive: boolean) {
  return vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          display_name: 'Helper',
          theme_color: '#e11d48',
          logo_url: null,
          icon_url: null,
          chat_position: 'bottom-left',
          is_active: isActive,
          language_code: 'en',
          streaming: false,
        }),
      ),
  );
}

const bubble = () => document.querySelector('chatbot-widget')?.shadowRoot?.querySelector('button') ?? null;

afterEach(() => {
  window.ChatbotWidget?.destroy();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reading the pasted snippet', () => {
  it('takes the bot, the token and the product origin from the script tag', () => {
    document.body.innerHTML = `<script src="${PRODUCT}/widget.js?v=1" data-bot-id=" bot-1 " data-token="widget-token"></script>`;
    expect(readEmbedConfig(findOwnScript(document))).toEqual(EMBED);
  });

  it('keeps going without a token (the chat app explains) but not without a bot id', () => {
    document.body.innerHTML = `<script src="${PRODUCT}/widget.js?v=1" data-bot-id="bot-1"></script>`;
    expect(readEmbedConfig(findOwnScript(document))).toEqual({ ...EMBED, widgetToken: '' });
    const bare = document.createElement('script');
    bare.src = `${PRODUCT}/widget.js`;
    expect(readEmbedConfig(bare)).toBeNull();
  });
});

describe('window.ChatbotWidget', () => {
  it('draws nothing for an inactive bot', async () => {
    const fetch = settingsFetch(false);
    vi.stubGlobal('fetch', fetch);
    startWidget(EMBED);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(`${PRODUCT}/api/v1/public/bots/settings/bot-1`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('chatbot-widget')).toBeNull();
  });

  it('draws nothing and warns when the settings cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    startWidget(EMBED);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(document.querySelector('chatbot-widget')).toBeNull();
  });

  it('applies open() called before the bubble exists, and destroy() removes it and itself', async () => {
    vi.stubGlobal('fetch', settingsFetch(true));
    const api = startWidget(EMBED);
    expect(window.ChatbotWidget).toBe(api);
    api.open();
    await vi.waitFor(() => expect(bubble()?.getAttribute('aria-expanded')).toBe('true'));
    api.close();
    expect(bubble()?.getAttribute('aria-expanded')).toBe('false');
    api.destroy();
    expect(document.querySelector('chatbot-widget')).toBeNull();
    expect(window.ChatbotWidget).toBeUndefined();
  });

  it('passes identify() to the chat app it opens', async () => {
    vi.stubGlobal('fetch', settingsFetch(true));
    const api = startWidget(EMBED);
    api.identify('Ada', 'ada@example.com');
    await vi.waitFor(() => expect(bubble()).not.toBeNull());
    api.open();
    const frame = document.querySelector('chatbot-widget')!.shadowRoot!.querySelector('iframe')!;
    expect(new URLSearchParams(new URL(frame.src).hash.slice(1)).get('email')).toBe('ada@example.com');
  });
});
