import { Alert, Box, Button, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Textarea } from '../../ui/chakra/Textarea.ts';
import { AnswerSources } from '../../ui/AnswerSources.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, requestSubscription, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import type { Disposable } from 'relay-runtime';
import { SubscriptionError } from '../../relay/network.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { WhyThisAnswerButton } from '../attention/WhyThisAnswer.tsx';
import { WriteAnswerButton } from '../attention/WriteAnswerDialog.tsx';
import { TestAnswerRating } from './TestAnswerRating.tsx';
import type { TestBotDialogChargeQuery } from './__generated__/TestBotDialogChargeQuery.graphql.ts';
import type {
  TestBotDialogAskSubscription,
  TestBotDialogAskSubscription$data,
} from './__generated__/TestBotDialogAskSubscription.graphql.ts';

/** The spec's test chat asks for answers of up to 1000 tokens. */
const TEST_CHAT_MAX_TOKENS = 1000;

const askSubscription = graphql`
  subscription TestBotDialogAskSubscription($botId: ID!, $question: String!, $maxTokens: Int) {
    askBotStream(botId: $botId, question: $question, maxTokens: $maxTokens) {
      token
      done
      answer
      messageId
      sources {
        index
        title
        url
        page
        snippet
        sourceType
      }
    }
  }
`;

type Citation = NonNullable<TestBotDialogAskSubscription$data['askBotStream']['sources']>[number];

interface ChatMessage {
  id: number;
  fromUser: boolean;
  text: string;
  sources: readonly Citation[];
  failed?: boolean;
  /** Refused for want of credits: the answer links to billing. */
  needsCredits?: boolean;
  /** The stored answer, which the owner can rate. */
  messageId?: string | null;
}

/** The server's reason when it gave one (out of credits, rate limited, bot missing), else the spec's fallback. */
const refusalOf = (error: Error, fallback: string) =>
  error instanceof SubscriptionError ? { text: error.message, needsCredits: error.code === 'INSUFFICIENT_CREDITS' } : { text: fallback };

/** What each test message costs: the owner's test chat spends credits as their visitors do. */
function ChargeNote() {
  const { t } = useTranslation();
  const { viewer } = useLazyLoadQuery<TestBotDialogChargeQuery>(
    graphql`
      query TestBotDialogChargeQuery {
        viewer {
          billing {
            chatMessageCost
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const cost = viewer?.billing.chatMessageCost;
  if (cost === undefined) return null;
  return (
    <Text textStyle="xs" color="fg.muted">
      {cost === 0 ? t('editor.test.notCharged') : t('editor.test.charged', { count: cost })}
    </Text>
  );
}

function TestChat({ botId, botName }: { botId: string; botName: string }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState(false);
  const stream = useRef<Disposable | null>(null);
  const nextId = useRef(0);
  const endOfLog = useRef<HTMLDivElement>(null);

  useEffect(() => () => stream.current?.dispose(), []);
  useEffect(() => {
    endOfLog.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const updateAnswer = (id: number, update: (message: ChatMessage) => ChatMessage) =>
    setMessages((current) => current.map((message) => (message.id === id ? update(message) : message)));

  function ask(event?: FormEvent) {
    event?.preventDefault();
    const text = question.trim();
    if (!text || pending) return;
    const questionId = nextId.current++;
    const answerId = nextId.current++;
    setMessages((current) => [
      ...current,
      { id: questionId, fromUser: true, text, sources: [] },
      { id: answerId, fromUser: false, text: '', sources: [] },
    ]);
    setQuestion('');
    setPending(true);
    const fail = (error: Error) => {
      updateAnswer(answerId, (message) =>
        message.text ? message : { ...message, ...refusalOf(error, t('editor.test.failed')), failed: true },
      );
      setPending(false);
    };
    stream.current = requestSubscription<TestBotDialogAskSubscription>(environment, {
      subscription: askSubscription,
      variables: { botId, question: text, maxTokens: TEST_CHAT_MAX_TOKENS },
      onNext: (response) => {
        const streamed = response?.askBotStream;
        if (!streamed) return;
        if (streamed.done) {
          updateAnswer(answerId, (message) => ({
            ...message,
            text: streamed.answer ?? message.text,
            sources: streamed.sources ?? [],
            messageId: streamed.messageId,
          }));
          setPending(false);
        } else if (streamed.token) {
          updateAnswer(answerId, (message) => ({ ...message, text: message.text + streamed.token }));
        }
      },
      onError: fail,
      onCompleted: () => {
        updateAnswer(answerId, (message) => (message.text ? message : { ...message, text: t('editor.test.failed'), failed: true }));
        setPending(false);
      },
    });
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      ask();
    }
  }

  return (
    <Stack gap="3">
      <Stack
        role="log"
        aria-live="polite"
        aria-label={t('editor.test.conversation')}
        gap="3"
        maxHeight="50vh"
        minHeight="12rem"
        overflowY="auto"
        padding="1"
      >
        {messages.length === 0 && <Text color="fg.muted">{t('editor.test.empty')}</Text>}
        {messages.map((message, index) => (
          <Box
            key={message.id}
            alignSelf={message.fromUser ? 'end' : 'start'}
            maxWidth="85%"
            bg={message.fromUser ? 'brand.solid' : message.failed ? 'bg.error' : 'bg.muted'}
            color={message.fromUser ? 'brand.contrast' : message.failed ? 'fg.error' : undefined}
            paddingX="3"
            paddingY="2"
            borderRadius="lg"
          >
            <Text srOnly>{message.fromUser ? t('editor.test.you') : t('editor.test.bot')}: </Text>
            {message.text ? (
              message.fromUser ? (
                <Text whiteSpace="pre-wrap">{message.text}</Text>
              ) : (
                <AnswerText text={message.text} />
              )
            ) : (
              <Text color="fg.muted" role="status">
                {t('editor.test.typing')}
              </Text>
            )}
            {message.sources.length > 0 && <AnswerSources sources={message.sources} />}
            {message.messageId && (
              <HStack gap="2" wrap="wrap" marginTop="1">
                <TestAnswerRating messageId={message.messageId} />
                <WriteAnswerButton
                  item={{
                    chatLogId: message.messageId,
                    botId,
                    botName,
                    question: messages[index - 1]?.text ?? '',
                    botAnswer: message.text,
                  }}
                />
                <WhyThisAnswerButton chatLogId={message.messageId} question={messages[index - 1]?.text ?? ''} />
              </HStack>
            )}
            {message.needsCredits && (
              <Link asChild variant="underline" color="inherit" fontWeight="medium">
                <RouterLink to="/billing">{t('editor.test.buyCredits')}</RouterLink>
              </Link>
            )}
          </Box>
        ))}
        <div ref={endOfLog} />
      </Stack>
      <HStack as="form" align="end" gap="2" onSubmit={ask}>
        <Field.Root flex="1">
          <Field.Label srOnly>{t('editor.test.question')}</Field.Label>
          <Textarea
            rows={2}
            value={question}
            placeholder={t('editor.test.placeholder')}
            maxLength={2000}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            onKeyDown={sendOnEnter}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" disabled={pending || !question.trim()}>
          {t('editor.test.send')}
        </Button>
      </HStack>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <ChargeNote />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

/** The test chat, streaming answers with their citations; it needs a saved bot. */
export function TestBotDialog({
  open,
  onClose,
  botId,
  botName,
  unsavedChanges,
}: {
  open: boolean;
  onClose: () => void;
  botId: string | null;
  botName: string;
  unsavedChanges: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('editor.test.title', { name: botName })}>
      {botId ? (
        <Stack gap="3">
          {unsavedChanges && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('editor.test.unsavedChanges')}</Alert.Title>
            </Alert.Root>
          )}
          <TestChat botId={botId} botName={botName} />
        </Stack>
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('editor.test.unsaved')}</Alert.Title>
        </Alert.Root>
      )}
    </ModalDialog>
  );
}
