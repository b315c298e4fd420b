// The inbox's emails: to the owner, a visitor waiting for a person; to a visitor who left an
// address, a person's reply.
import { escapeHtml } from '../../platform/html.ts';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

export function waitingVisitorEmail(input: { ownerName: string; botName: string; visitor: string; message: string | null; link: string }) {
  const greeting = input.ownerName ? `Hello ${input.ownerName},` : 'Hello,';
  const said = input.message ? `\n\nThey wrote: "${input.message}"` : '';
  const text = `${greeting}\n\n${input.visitor} is waiting for a person in a conversation with ${input.botName}.${said}\n\nOpen the inbox to take it over: ${input.link}\n\nYou get this email because you asked for it in Settings › Notifications.\n`;
  return {
    subject: `A visitor is waiting for a person on ${input.botName}`,
    text,
    html: `${paragraphs(`${greeting}\n\n${input.visitor} is waiting for a person in a conversation with ${input.botName}.${said}`)}<p><a href="${escapeHtml(input.link)}">Open the inbox</a></p><p>You get this email because you asked for it in Settings › Notifications.</p>`,
  };
}

export function personReplyEmail(input: { botName: string; authorName: string; reply: string }) {
  const from = input.authorName ? `${input.authorName} (${input.botName})` : input.botName;
  return {
    subject: `A reply from ${input.botName}`,
    text: `${from} replied to your conversation:\n\n${input.reply}\n`,
    html: `${paragraphs(`${from} replied to your conversation:`)}<blockquote>${paragraphs(input.reply)}</blockquote>`,
  };
}
