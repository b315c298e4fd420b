import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBubble, ChatComposer } from '../../ui/ChatParts.tsx';

export const PREVIEW_REPLY_DELAY_MS = 1500;
const CANNED_ANSWERS = [
  'landing.preview.answer1',
  'landing.preview.answer2',
  'landing.preview.answer3',
  'landing.preview.answer4',
] as const;

interface PreviewMessage {
  id: number;
  fromUser: boolean;
  text: string;
}

/** A pretend conversation: any question gets one of four canned answers after a short delay. */
export function ChatPreview() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<PreviewMessage[]>([]);
  const [draft, setDraft] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((list) => [...list, { id: list.length, fromUser: true, text }]);
    setDraft('');
    const answerKey = CANNED_ANSWERS[Math.floor(Math.random() * CANNED_ANSWERS.length)]!;
    timers.current.push(
      setTimeout(() => setMessages((list) => [...list, { id: list.length, fromUser: false, text: t(answerKey) }]), PREVIEW_REPLY_DELAY_MS),
    );
  }

  return (
    <Box borderWidth="1px" borderRadius="xl" bg="bg" shadow="md" overflow="hidden" aria-label={t('landing.preview.title')} role="region">
      <Box bg="brand.solid" color="brand.contrast" paddingX="4" paddingY="3" fontWeight="semibold">
        {t('landing.preview.title')}
      </Box>
      <Stack gap="2" padding="4" minHeight="48" maxHeight="72" overflowY="auto" aria-live="polite">
        <ChatBubble as="p" fromUser={false}>
          {t('landing.preview.greeting')}
        </ChatBubble>
        {messages.map((message) => (
          <ChatBubble as="p" key={message.id} fromUser={message.fromUser}>
            {message.text}
          </ChatBubble>
        ))}
      </Stack>
      <ChatComposer
        draft={draft}
        onDraftChange={setDraft}
        onSend={send}
        placeholder={t('landing.preview.placeholder')}
        sendLabel={t('landing.preview.send')}
      />
    </Box>
  );
}
