import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatStrings } from '../strings.ts';
import { SEND_ICON_PATH } from '@chatbot/common/icons';

/** The server's limit on one message. */
export const MAX_MESSAGE_LENGTH = 4000;

interface ComposerProps {
  disabled: boolean;
  strings: ChatStrings;
  onSend: (text: string) => void;
  /** Changes each time the input should take focus (the panel opened). */
  focusRequest: number;
}

/** Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function Composer({ disabled, strings, onSend, focusRequest }: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const focusWanted = useRef(false);
  const inputId = useId();

  useEffect(() => {
    if (focusRequest > 0) focusWanted.current = true;
  }, [focusRequest]);

  // A disabled field cannot hold focus: it returns once the reply is in.
  useEffect(() => {
    if (disabled || !focusWanted.current) return;
    focusWanted.current = false;
    input.current?.focus();
  }, [disabled, focusRequest]);

  function submit() {
    if (disabled || !text.trim()) return;
    onSend(text);
    setText('');
    focusWanted.current = true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <form className="composer" onSubmit={onSubmit}>
      <label className="sr-only" htmlFor={inputId}>
        {strings.messageLabel}
      </label>
      <textarea
        id={inputId}
        ref={input}
        rows={1}
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder={strings.placeholder}
        disabled={disabled}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="send-button" aria-label={strings.send} disabled={disabled || !text.trim()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={SEND_ICON_PATH} />
        </svg>
      </button>
    </form>
  );
}
