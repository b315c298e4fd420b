export function TypingIndicator({ label }: { label: string }) {
  return (
    <li className="message from-bot typing" aria-label={label}>
      <span className="dot" aria-hidden="true" />
      <span className="dot" aria-hidden="true" />
      <span className="dot" aria-hidden="true" />
    </li>
  );
}
