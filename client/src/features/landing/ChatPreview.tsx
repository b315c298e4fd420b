import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

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
        <Bubble fromUser={false} text={t('landing.preview.greeting')} />
        {messages.map((message) => (
          <Bubble key={message.id} fromUser={message.fromUser} text={message.text} />
        ))}
      </Stack>
      <HStack as="form" onSubmit={send} padding="3" borderTopWidth="1px">
        <Input
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          placeholder={t('landing.preview.placeholder')}
          aria-label={t('landing.preview.placeholder')}
        />
        <Button type="submit" colorPalette="brand">
          {t('landing.preview.send')}
        </Button>
      </HStack>
    </Box>
  );
}

function Bubble({ fromUser, text }: { fromUser: boolean; text: string }) {
  return (
    <Text
      alignSelf={fromUser ? 'flex-end' : 'flex-start'}
      bg={fromUser ? 'brand.solid' : 'bg.muted'}
      color={fromUser ? 'brand.contrast' : 'fg'}
      paddingX="3"
      paddingY="2"
      borderRadius="lg"
      maxWidth="80%"
    >
      {text}
    </Text>
  );
}
