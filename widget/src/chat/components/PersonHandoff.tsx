import type { ConversationStatus } from '../api.ts';
import type { ChatStrings } from '../strings.ts';

interface PersonHandoffProps {
  status: ConversationStatus;
  /** The bot's owner turned "Talk to a person" on. */
  offered: boolean;
  disabled: boolean;
  strings: ChatStrings;
  onTalkToPerson: () => void;
}

/** Above the composer: the way to a person of the team, or that one is awaited; nothing while a person has the conversation. */
export function PersonHandoff({ status, offered, disabled, strings, onTalkToPerson }: PersonHandoffProps) {
  if (status === 'waiting') return <p className="handoff-waiting">{strings.waitingForPerson}</p>;
  if (!offered || status === 'human') return null;
  return (
    <div className="handoff">
      <button type="button" className="person-button" disabled={disabled} onClick={onTalkToPerson}>
        {strings.talkToPerson}
      </button>
    </div>
  );
}
