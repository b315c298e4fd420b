import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL } from '../protocol.ts';
import type { PublicSettings } from '../publicSettings.ts';
import { mountLauncher, type Launcher } from './launcher.ts';
import { launcherCss } from './styles.ts';

const PRODUCT = 'https://product.test';
const EMBED = { botId: 'bot-1', widgetToken: 'widget-token', origin: PRODUCT };
const SETTINGS: PublicSettings = {
  display_name: 'Museum helper',
  theme_color: '#e11d48',
  logo_url: null,
  icon_url: null,
  chat_position: 'bottom-left',
  is_active: true,
  language_code: 'en',
  streaming: false,
  talk_to_person: false,
};

let launcher: Launcher | null = null;

function mount(settings: Partial<PublicSettings> = {}, identity = {}) {
  launcher = mountLauncher(EMBED, { ...SETTINGS, ...settings }, identity);
  const shadow = document.querySelector('chatbot-widget')!.shadowRoot!;
  const bubble = shadow.querySelector<HTMLButtonElement>('button.bubble')!;
  const frame = () => shadow.querySelector('iframe');
  /** Opens the panel and returns the chat app's window. */
  const open = () => {
    bubble.click();
    return lendWindow(frame()!);
  };
  return { shadow, bubble, frame, open };
}

/** jsdom gives iframes inside a shadow root no window: lend the launcher's iframe a real one. */
function lendWindow(frame: HTMLIFrameElement): Window {
  const stand = document.createElement('iframe');
  document.body.append(stand);
  Object.defineProperty(frame, 'contentWindow', { value: stand.contentWindow, configurable: true });
  return stand.contentWindow!;
}

function receive(data: unknown, origin: string, source: Window | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  launcher?.destroy();
  launcher = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('launcherCss', () => {
  it.each([
    ['bottom-right', 'bottom:20px', 'right:20px', 'flex-direction:column;', 'align-items:flex-end'],
    ['bottom-left', 'bottom:20px', 'left:20px', 'flex-direction:column;', 'align-items:flex-start'],
    ['top-right', 'top:20px', 'right:20px', 'flex-direction:column-reverse', 'align-items:flex-end'],
    ['top-left', 'top:20px', 'left:20px', 'flex-direction:column-reverse', 'align-items:flex-start'],
  ] as const)('pins the %s corner and opens the panel towards the page', (position, vertical, horizontal, direction, alignment) => {
    const css = launcherCss(position, '#e11d48');
    for (const rule of [`${vertical}!important`, `${horizontal}!important`, direction, alignment]) expect(css).toContain(rule);
  });

  it('paints the bubble in the theme colour with readable icon colour', () => {
    expect(launcherCss('bottom-right', '#e11d48')).toContain('background:#e11d48;color:#ffffff');
    expect(launcherCss('bottom-right', '#fde047')).toContain('background:#fde047;color:#000000');
  });
});

describe('mountLauncher', () => {
  it('adds one element whose shadow root holds the styled bubble, and no iframe until it is used', () => {
    const { shadow, bubble, frame } = mount();
    expect(document.body.querySelectorAll('chatbot-widget')).toHaveLength(1);
    expect(shadow.textContent).toContain('left:20px!important');
    expect(shadow.textContent).toContain('background:#e11d48');
    expect(bubble.getAttribute('aria-label')).toBe('Open chat');
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(frame()).toBeNull();
  });

  it('falls back to the default colour and corner for values it does not know', () => {
    const { shadow } = mount({ theme_color: 'red;}body{display:none', chat_position: 'middle' });
    expect(shadow.textContent).toContain('background:#2563eb');
    expect(shadow.textContent).toContain('right:20px!important');
    expect(shadow.textContent).not.toContain('body{display:none');
  });

  it('shows the bot icon resolved against the product origin', () => {
    const { bubble } = mount({ icon_url: '/static/bots/bot-1/images/icon.png' });
    expect(bubble.querySelector('img')?.src).toBe(`${PRODUCT}/static/bots/bot-1/images/icon.png`);
  });

  it('opens the chat app in an iframe on first click, with the host origin, page and identity in the fragment', () => {
    const { bubble, frame } = mount({}, { name: 'Ada' });
    bubble.click();
    const iframe = frame()!;
    const src = new URL(iframe.src);
    expect(`${src.origin}${src.pathname}`).toBe(`${PRODUCT}/embed-widget`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ bot_id: 'bot-1', token: 'widget-token' });
    expect(Object.fromEntries(new URLSearchParams(src.hash.slice(1)))).toEqual({
      host: window.location.origin,
      name: 'Ada',
      page: window.location.href,
    });
    expect(iframe.title).toBe('Museum helper');
    expect(iframe.hidden).toBe(false);
    expect(bubble.getAttribute('aria-expanded')).toBe('true');
    expect(bubble.getAttribute('aria-label')).toBe('Close chat');
  });

  it('toggles closed on a second click, keeping the iframe (and the conversation) for next time', () => {
    const { bubble, frame } = mount();
    bubble.click();
    const first = frame();
    bubble.click();
    expect(first!.hidden).toBe(true);
    bubble.click();
    expect(frame()).toBe(first);
    expect(first!.hidden).toBe(false);
  });

  it('closes on Escape and gives focus back to the bubble', () => {
    const { shadow, bubble, frame } = mount();
    bubble.click();
    bubble.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(frame()!.hidden).toBe(true);
    expect(shadow.activeElement).toBe(bubble);
  });

  it('names its bubble in the bot language, marked as such for screen readers, or in English for one it does not speak', () => {
    const { bubble } = mount({ language_code: 'de' });
    expect(bubble.getAttribute('aria-label')).toBe('Chat öffnen');
    expect(bubble.closest('[lang]')?.getAttribute('lang')).toBe('de');
    launcher!.destroy();
    const fallback = mount({ language_code: 'pt' });
    expect(fallback.bubble.getAttribute('aria-label')).toBe('Open chat');
    expect(fallback.bubble.closest('[lang]')?.getAttribute('lang')).toBe('en');
  });
});

describe('messages from the chat app', () => {
  it('closes when its iframe asks from the product origin', () => {
    const { shadow, bubble, frame, open } = mount();
    const chatWindow = open();
    receive({ channel: CHANNEL, type: 'close' }, PRODUCT, chatWindow);
    expect(frame()!.hidden).toBe(true);
    expect(shadow.activeElement).toBe(bubble);
  });

  it.each([
    ['another origin', { channel: CHANNEL, type: 'close' }, 'https://evil.test', 'frame'],
    ['another window at the product origin', { channel: CHANNEL, type: 'close' }, PRODUCT, 'page'],
    ['a message of another channel', { channel: 'other', type: 'close' }, PRODUCT, 'frame'],
    ['a message that is not an object', 'close', PRODUCT, 'frame'],
  ] as const)('ignores %s', (_case, data, origin, sender) => {
    const { frame, open } = mount();
    const chatWindow = open();
    receive(data, origin, sender === 'frame' ? chatWindow : window);
    expect(frame()!.hidden).toBe(false);
  });

  it('counts replies that arrive while closed on a badge, cleared on opening', () => {
    const { shadow, bubble, open } = mount();
    const chatWindow = open();
    bubble.click();
    receive({ channel: CHANNEL, type: 'reply' }, PRODUCT, chatWindow);
    receive({ channel: CHANNEL, type: 'reply' }, PRODUCT, chatWindow);
    const badge = shadow.querySelector<HTMLElement>('.badge')!;
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('2');
    expect(bubble.getAttribute('aria-label')).toBe('Open chat (2)');
    bubble.click();
    expect(badge.hidden).toBe(true);
  });

  it('waits for the app’s ready, then sends open and the identity, only to the product origin', () => {
    const { open } = mount();
    const chatWindow = open();
    const post = vi.spyOn(chatWindow, 'postMessage').mockImplementation(() => {});
    launcher!.identify({ name: 'Ada', email: 'ada@example.com' });
    // The frame is still loading: posting now would only print an origin warning in the host page.
    expect(post).not.toHaveBeenCalled();
    receive({ channel: CHANNEL, type: 'ready' }, PRODUCT, chatWindow);
    expect(post.mock.calls).toEqual([
      [{ channel: CHANNEL, type: 'identify', name: 'Ada', email: 'ada@example.com' }, PRODUCT],
      [{ channel: CHANNEL, type: 'open' }, PRODUCT],
    ]);
    launcher!.identify({ name: 'Ada Lovelace' });
    expect(post.mock.calls.at(-1)).toEqual([{ channel: CHANNEL, type: 'identify', name: 'Ada Lovelace' }, PRODUCT]);
  });
});

it('destroy removes everything it added and stops listening', () => {
  const add = vi.spyOn(window, 'addEventListener');
  const remove = vi.spyOn(window, 'removeEventListener');
  mount().bubble.click();
  launcher!.destroy();
  launcher = null;
  expect(document.querySelector('chatbot-widget')).toBeNull();
  const listener = add.mock.calls.find(([type]) => type === 'message')![1];
  expect(remove).toHaveBeenCalledWith('message', listener);
});
