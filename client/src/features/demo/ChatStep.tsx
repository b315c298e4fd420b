import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { AnswerSources } from '../../ui/AnswerSources.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { ChatBubble, ChatComposer } from '../../ui/ChatParts.tsx';
import { demoApi, type DemoSource } from './demoApi.ts';
import { useDemoMemory } from './demoMemory.ts';

interface DemoMessage {
  role: 'user' | 'bot';
  content: string;
  /** Milliseconds since the epoch: kept as a number across reloads. */
  timestamp: number;
  sources?: readonly DemoSource[];
}

function Bubble({ message }: { message: DemoMessage }) {
  const format = useFormat();
  const fromUser = message.role === 'user';
  return (
    <Stack gap="0" alignSelf={fromUser ? 'flex-end' : 'flex-start'} maxWidth="80%">
      <ChatBubble fromUser={fromUser} maxWidth="full" whiteSpace="pre-wrap">
        {fromUser ? message.content : <AnswerText text={message.content} />}
      </ChatBubble>
      {message.sources && message.sources.length > 0 && <AnswerSources sources={message.sources} />}
      <Text fontSize="xs" color="fg.muted" alignSelf={fromUser ? 'flex-end' : 'flex-start'}>
        {format(message.timestamp, 'time')}
      </Text>
    </Stack>
  );
}

/** Step 3: chat with the demo bot; the conversation is remembered across reloads of the tab. */
export function ChatStep({ botId, token }: { botId: string; token: string }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useDemoMemory<DemoMessage[] | null>(token, 'messages', null);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const add = (role: DemoMessage['role'], content: string, sources?: readonly DemoSource[]) =>
    setMessages((list) => [...(list ?? []), { role, content, timestamp: Date.now(), sources }]);

  // The newest message (or the typing indicator) is always in view.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, waiting]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const question = draft.trim();
    if (!question || waiting) return;
    setDraft('');
    add('user', question);
    setWaiting(true);
    try {
      const reply = await demoApi.chat(botId, token, question);
      add('bot', reply.answer, reply.sources);
    } catch {
      add('bot', t('demo.chat.failed'));
    }
    setWaiting(false);
  }

  if (!messages) {
    return (
      <Button
        alignSelf="start"
        colorPalette="brand"
        onClick={() => setMessages(() => [{ role: 'bot', content: t('demo.chat.hello'), timestamp: Date.now() }])}
      >
        {t('demo.chat.start')}
      </Button>
    );
  }
  return (
    <Box borderWidth="1px" borderRadius="xl" overflow="hidden">
      {/* Focusable so keyboard users can scroll a long conversation. */}
      <Stack
        ref={log}
        gap="3"
        padding="4"
        minHeight="64"
        maxHeight="md"
        overflowY="auto"
        role="log"
        aria-live="polite"
        aria-label={t('demo.steps.chat')}
        tabIndex={0}
      >
        {messages.map((message, index) => (
          <Bubble key={index} message={message} />
        ))}
        {waiting && (
          <Text color="fg.muted" fontStyle="italic" role="status">
            {t('demo.chat.typing')}
          </Text>
        )}
      </Stack>
      <ChatComposer
        draft={draft}
        onDraftChange={setDraft}
        onSend={send}
        placeholder={t('demo.chat.placeholder')}
        sendLabel={t('demo.chat.send')}
        disabled={waiting}
      />
    </Box>
  );
}
