/** The loader URL is versioned so the loader can be cached hard and still change between releases. */
const WIDGET_LOADER_VERSION = '1';

export interface EmbedCodes {
  embedCode: string;
  embedCodeReact: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML snippet a customer pastes into any page, and the same as a React component. */
export function embedCodes(publicUrl: string, botId: string, widgetToken: string): EmbedCodes {
  const loaderUrl = `${publicUrl}/widget.js?v=${WIDGET_LOADER_VERSION}`;
  const embedCode = `<script src="${escapeAttribute(loaderUrl)}" data-bot-id="${escapeAttribute(botId)}" data-token="${escapeAttribute(widgetToken)}" async></script>`;
  const embedCodeReact = `import { useEffect } from 'react';

export default function ChatbotWidget() {
  useEffect(() => {
    const script = document.createElement('script');
    script.src = ${JSON.stringify(loaderUrl)};
    script.async = true;
    script.dataset.botId = ${JSON.stringify(botId)};
    script.dataset.token = ${JSON.stringify(widgetToken)};
    document.body.appendChild(script);
    return () => {
      window.ChatbotWidget?.destroy?.();
      script.remove();
    };
  }, []);
  return null;
}
`;
  return { embedCode, embedCodeReact };
}
