import { useId, useState, type FormEvent } from 'react';
import { THUMB_DOWN_ICON_PATH, THUMB_UP_ICON_PATH } from '@chatbot/common/icons';
import type { Rating } from '../api.ts';
import type { ChatStrings } from '../strings.ts';

/** The server's limit on the line that goes with a thumbs-down. */
const MAX_COMMENT_LENGTH = 500;

const RATING_CHOICES = [
  { rating: 'up', icon: THUMB_UP_ICON_PATH, label: 'helpful' },
  { rating: 'down', icon: THUMB_DOWN_ICON_PATH, label: 'notHelpful' },
] as const satisfies readonly { rating: Rating; icon: string; label: keyof ChatStrings }[];

interface AnswerRatingProps {
  rating: Rating | null | undefined;
  strings: ChatStrings;
  onRate: (rating: Rating, comment?: string) => void;
}

/** Thumbs up or down under an answer; a thumbs-down then asks, optionally, what was wrong. */
export function AnswerRating({ rating, strings, onRate }: AnswerRatingProps) {
  const [askingWhy, setAskingWhy] = useState(false);
  const [comment, setComment] = useState('');
  const [thanked, setThanked] = useState(false);
  const commentId = useId();

  const rate = (next: Rating) => {
    setThanked(false);
    setAskingWhy(next === 'down');
    onRate(next);
  };
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    setAskingWhy(false);
    setThanked(true);
    if (comment.trim()) onRate('down', comment);
  };

  return (
    <div className="rating">
      <div className="rating-buttons">
        {RATING_CHOICES.map(({ rating: choice, icon, label }) => (
          <button
            key={choice}
            type="button"
            className="rating-button"
            aria-label={strings[label]}
            aria-pressed={rating === choice}
            onClick={() => rate(choice)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={icon} />
            </svg>
          </button>
        ))}
        {thanked && <span className="rating-thanks">{strings.thanksForFeedback}</span>}
      </div>
      {askingWhy && (
        <form className="rating-comment" onSubmit={sendComment}>
          <label className="sr-only" htmlFor={commentId}>
            {strings.whatWasWrong}
          </label>
          <input
            id={commentId}
            type="text"
            maxLength={MAX_COMMENT_LENGTH}
            placeholder={strings.whatWasWrong}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <button type="submit">{strings.sendFeedback}</button>
        </form>
      )}
    </div>
  );
}
