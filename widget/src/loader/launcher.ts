import { CHAT_ICON_PATH } from '@chatbot/common/icons';
import { envelope, frameFragment, messageFrom, type ChatToHostMessage, type HostToChatMessage, type Identity } from '../protocol.ts';
import type { PublicSettings } from '../publicSettings.ts';
import { chatPositionOr, themeColorOr } from '../theme.ts';
import type { EmbedConfig } from './embed.ts';
import { launcherLanguage, launcherStrings } from './strings.ts';
import { applyStyles, launcherCss } from './styles.ts';

export interface Launcher {
  open(): void;
  close(): void;
  identify(identity: Identity): void;
  destroy(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}

/** The bot's icon when it has one, else a speech bubble drawn in the theme's text colour. */
function bubbleIcon(iconUrl: string | null, origin: string): Element {
  if (iconUrl) {
    const image = element('img', '');
    image.alt = '';
    image.src = new URL(iconUrl, origin).href;
    return image;
  }
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', CHAT_ICON_PATH);
  svg.append(path);
  return svg;
}

function chatFrameUrl(embed: EmbedConfig, hostOrigin: string, identity: Identity): string {
  const query = new URLSearchParams({ bot_id: embed.botId, token: embed.widgetToken });
  return `${embed.origin}/embed-widget?${query}#${frameFragment({ hostOrigin, identity, page: location.href })}`;
}

/**
 * Draws the launcher bubble in a shadow root at the bot's corner and opens the chat app in an iframe
 * on first use. Everything it adds to the page lives under one <chatbot-widget> element.
 */
export function mountLauncher(embed: EmbedConfig, settings: PublicSettings, initialIdentity: Identity): Launcher {
  const strings = launcherStrings(settings.language_code);
  const host = document.createElement('chatbot-widget');
  const shadow = host.attachShadow({ mode: 'open' });
  applyStyles(shadow, launcherCss(chatPositionOr(settings.chat_position), themeColorOr(settings.theme_color)));

  const root = element('div', 'root');
  // The bubble's name is in the bot's language, which may not be the page's: screen readers read it in that one.
  root.lang = launcherLanguage(settings.language_code);
  const bubble = element('button', 'bubble');
  bubble.type = 'button';
  const badge = element('span', 'badge');
  badge.setAttribute('aria-hidden', 'true');
  bubble.append(bubbleIcon(settings.icon_url, embed.origin), badge);
  root.append(bubble);
  shadow.append(root);

  let frame: HTMLIFrameElement | null = null;
  let isOpen = false;
  let unread = 0;
  let identity = initialIdentity;

  // Until the chat says it is ready, its window is still about:blank, and posting to it at the
  // chat's origin only makes the browser print an origin warning: 'ready' sends what is due.
  let chatReady = false;
  const post = (message: HostToChatMessage) => {
    if (chatReady) frame?.contentWindow?.postMessage(envelope(message), embed.origin);
  };

  function render() {
    const label = isOpen ? strings.close : strings.open;
    bubble.setAttribute('aria-label', unread > 0 ? `${label} (${unread})` : label);
    bubble.setAttribute('aria-expanded', String(isOpen));
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
    if (frame) frame.hidden = !isOpen;
  }

  function createFrame(): HTMLIFrameElement {
    const created = element('iframe', 'panel');
    created.id = 'chatbot-widget-panel';
    created.title = settings.display_name;
    created.src = chatFrameUrl(embed, location.origin, identity);
    root.prepend(created);
    bubble.setAttribute('aria-controls', created.id);
    return created;
  }

  function open() {
    frame ??= createFrame();
    isOpen = true;
    unread = 0;
    render();
    frame.focus();
    post({ type: 'open' });
  }

  function close() {
    if (!isOpen) return;
    isOpen = false;
    render();
    bubble.focus();
  }

  function onMessage(event: MessageEvent) {
    const message = messageFrom<ChatToHostMessage>(event, embed.origin, frame?.contentWindow);
    if (message?.type === 'ready') {
      chatReady = true;
      // identify() calls made while the iframe was still loading could not reach it.
      if (identity.name || identity.email) post({ type: 'identify', ...identity });
      if (isOpen) post({ type: 'open' });
    }
    if (message?.type === 'close') close();
    if (message?.type === 'reply' && !isOpen) {
      unread += 1;
      render();
    }
  }

  bubble.addEventListener('click', () => (isOpen ? close() : open()));
  shadow.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape') close();
  });
  window.addEventListener('message', onMessage);
  render();
  document.body.append(host);

  return {
    open,
    close,
    identify(next) {
      identity = next;
      post({ type: 'identify', ...next });
    },
    destroy() {
      window.removeEventListener('message', onMessage);
      host.remove();
    },
  };
}
