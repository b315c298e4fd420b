import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { envelope, messageFrom, type ChatToHostMessage, type FrameContext, type HostToChatMessage, type Identity } from '../protocol.ts';

export interface HostBridge {
  /** Shown by the loader on a customer's page (not opened on its own). */
  embedded: boolean;
  identity: RefObject<Identity>;
  close(): void;
  notifyReply(): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Talks to the loader in the parent page, and only to it: its window at the origin it gave us. */
export function useHost(frame: FrameContext, onOpen: () => void): HostBridge {
  const hostOrigin = window.parent !== window ? frame.hostOrigin : null;
  const identity = useRef<Identity>(frame.identity);

  const post = useCallback(
    (message: ChatToHostMessage) => {
      if (hostOrigin) window.parent.postMessage(envelope(message), hostOrigin);
    },
    [hostOrigin],
  );

  useEffect(() => {
    if (!hostOrigin) return;
    const receive = (event: MessageEvent) => {
      const message = messageFrom<HostToChatMessage>(event, hostOrigin, window.parent);
      if (message?.type === 'open') onOpen();
      if (message?.type === 'identify') identity.current = { name: text(message.name), email: text(message.email) };
    };
    window.addEventListener('message', receive);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', receive);
  }, [hostOrigin, onOpen, post]);

  const close = useCallback(() => post({ type: 'close' }), [post]);
  const notifyReply = useCallback(() => post({ type: 'reply' }), [post]);
  return { embedded: hostOrigin !== null, identity, close, notifyReply };
}
