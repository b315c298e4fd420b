import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { AnswerRating, TestAnswerRatingMutation } from './__generated__/TestAnswerRatingMutation.graphql.ts';

const RATING_CHOICES = [
  { rating: 'UP', Icon: ThumbsUp, label: 'editor.test.helpful' },
  { rating: 'DOWN', Icon: ThumbsDown, label: 'editor.test.notHelpful' },
] as const satisfies readonly { rating: AnswerRating; Icon: typeof ThumbsUp; label: string }[];

/** The server's limit on the line that goes with a thumbs-down. */
const MAX_COMMENT_LENGTH = 500;

/**
 * Thumbs up or down under a test chat answer, as a visitor rates one in the widget; a thumbs-down
 * then asks, optionally, what was wrong. The rating shows at once and goes back if it fails.
 */
export function TestAnswerRating({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<AnswerRating | null>(null);
  const [askingWhy, setAskingWhy] = useState(false);
  const [comment, setComment] = useState('');
  const [thanked, setThanked] = useState(false);
  const rateMutation = useFormMutation<TestAnswerRatingMutation>(
    graphql`
      mutation TestAnswerRatingMutation($messageId: ID!, $rating: AnswerRating!, $comment: String) {
        rateAnswer(messageId: $messageId, rating: $rating, comment: $comment) {
          ... on ChatLog {
            id
            rating
            ratingComment
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('editor.test.rateFailed') },
  );

  function rate(next: AnswerRating, line?: string) {
    const before = rating;
    setRating(next);
    rateMutation.submit({
      variables: { messageId, rating: next, comment: line ?? null },
      onFailure: () => setRating(before),
    });
  }

  function sendComment(event: FormEvent) {
    event.preventDefault();
    setAskingWhy(false);
    setThanked(true);
    if (comment.trim()) rate('DOWN', comment);
  }

  return (
    <Stack gap="1" marginTop="1">
      <HStack gap="1">
        {RATING_CHOICES.map(({ rating: choice, Icon, label }) => (
          <IconButton
            key={choice}
            size="xs"
            variant={rating === choice ? 'subtle' : 'ghost'}
            colorPalette={rating === choice ? 'brand' : 'gray'}
            aria-label={t(label)}
            aria-pressed={rating === choice}
            onClick={() => {
              setAskingWhy(choice === 'DOWN');
              setThanked(false);
              rate(choice);
            }}
          >
            <Icon />
          </IconButton>
        ))}
        {thanked && (
          <Text textStyle="xs" color="fg.muted">
            {t('editor.test.thanks')}
          </Text>
        )}
      </HStack>
      {askingWhy && (
        <HStack as="form" gap="1" onSubmit={sendComment}>
          <Input
            size="xs"
            bg="bg"
            aria-label={t('editor.test.whatWasWrong')}
            placeholder={t('editor.test.whatWasWrong')}
            maxLength={MAX_COMMENT_LENGTH}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Button type="submit" size="xs" colorPalette="brand">
            {t('editor.test.sendComment')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
