import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function messagesTo(outboxDir: string, address: string): Promise<OutboxMessage[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxMessage),
  );
  return messages.filter((message) => message.to === address);
}

/** The newest link to `pathname` (e.g. `/reset-password`) mailed to `address`, waiting for the mail to land in the server's outbox. */
export async function mailedLinkFor(outboxDir: string, address: string, pathname: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://\\S+${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[^\\s"<>]+`, 'g');
  for (;;) {
    const links = (await messagesTo(outboxDir, address)).flatMap((message) => message.text.match(pattern) ?? []);
    if (links.length > 0) return links[links.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} with a ${pathname} link reached ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest verification link mailed to `address`, waiting for the mail to land in the server's outbox. */
export const verificationLinkFor = (outboxDir: string, address: string, timeoutMs = 30_000): Promise<string> =>
  mailedLinkFor(outboxDir, address, '/verify-email', timeoutMs);
