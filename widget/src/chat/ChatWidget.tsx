import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import type { FrameContext } from '../protocol.ts';
import { textColorOn } from '@chatbot/common/contrast';
import { ChatHeader } from './components/ChatHeader.tsx';
import { Composer } from './components/Composer.tsx';
import { LiveAnnouncer } from './components/LiveAnnouncer.tsx';
import { MessageList } from './components/MessageList.tsx';
import { PersonHandoff } from './components/PersonHandoff.tsx';
import { stringsFor } from './strings.ts';
import { useAppearance } from './useAppearance.ts';
import { useChat } from './useChat.ts';
import { useHost } from './useHost.ts';

/** Custom properties are set through the CSSOM, which a style-src CSP does not block. */
function themeVariables(themeColor: string): CSSProperties {
  return { '--theme': themeColor, '--on-theme': textColorOn(themeColor) } as CSSProperties;
}

interface ChatWidgetProps {
  botId: string;
  widgetToken: string;
  frame: FrameContext;
}

export function ChatWidget({ botId, widgetToken, frame }: ChatWidgetProps) {
  const appearance = useAppearance(botId);
  const strings = stringsFor(appearance.language);
  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = useCallback(() => setFocusRequest((count) => count + 1), []);
  const host = useHost(frame, requestFocus);
  const chat = useChat({ botId, widgetToken, identity: host.identity, page: frame.page, onReply: host.notifyReply });

  useEffect(() => {
    document.documentElement.lang = appearance.language;
  }, [appearance.language]);

  const { embedded, close } = host;
  useEffect(() => {
    if (!embedded) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [embedded, close]);

  return (
    <div className="chat" style={themeVariables(appearance.themeColor)}>
      <ChatHeader title={appearance.title} logoUrl={appearance.logoUrl} closeLabel={strings.close} onClose={embedded ? close : undefined} />
      <MessageList
        messages={chat.messages}
        botName={appearance.title}
        strings={strings}
        language={appearance.language}
        onRate={chat.rate}
        onTalkToPerson={chat.status === 'bot' ? chat.talkToPerson : undefined}
        askingForPerson={chat.askingForPerson}
      />
      {chat.error && (
        <p className="error-notice" role="alert">
          {strings[chat.error]}
        </p>
      )}
      <LiveAnnouncer pending={chat.pending} lastReply={chat.lastReply} strings={strings} />
      <PersonHandoff
        status={chat.status}
        offered={appearance.talkToPerson}
        disabled={chat.busy || chat.askingForPerson}
        strings={strings}
        onTalkToPerson={chat.talkToPerson}
      />
      <Composer disabled={chat.busy} strings={strings} onSend={chat.send} focusRequest={focusRequest} />
    </div>
  );
}
