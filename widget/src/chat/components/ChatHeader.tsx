interface ChatHeaderProps {
  title: string;
  logoUrl: string | null;
  closeLabel: string;
  /** Only inside the loader's panel: a standalone page has nothing to close. */
  onClose?: () => void;
}

export function ChatHeader({ title, logoUrl, closeLabel, onClose }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      {logoUrl && <img className="chat-logo" src={logoUrl} alt="" />}
      <h1 className="chat-title">{title}</h1>
      {onClose && (
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </header>
  );
}
