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

/** The newest verification link mailed to `address`, waiting for the mail to land in the server's outbox. */
export async function verificationLinkFor(outboxDir: string, address: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = (await messagesTo(outboxDir, address)).flatMap(
      (message) => message.text.match(/https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/g) ?? [],
    );
    if (links.length > 0) return links[links.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No verification mail to ${address} reached ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
