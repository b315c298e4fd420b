import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock/index.ts';
import { OutboxMailer, SmtpMailer, createMailer } from './index.ts';

const message = {
  to: 'ada@example.com',
  subject: 'Verify your email',
  text: 'Open http://localhost/verify?token=abc',
  html: '<p><a href="http://localhost/verify?token=abc">Verify</a></p>',
};

describe('OutboxMailer', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as one JSON file in <dataDir>/outbox and logs it', async () => {
    const clock = new ManualClock('2026-04-01T09:30:00.000Z');
    const logger = { info: vi.fn() };
    await new OutboxMailer({ dataDir, clock, logger }).send(message);

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const file = path.join(dataDir, 'outbox', files[0]!);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...message, sentAt: '2026-04-01T09:30:00.000Z' });
    expect(logger.info).toHaveBeenCalledWith({ to: message.to, subject: message.subject, file }, expect.any(String));
  });

  it('names files so that sorting them gives the sending order, even within one millisecond', async () => {
    const clock = new ManualClock('2026-04-01T09:30:00.000Z');
    const mailer = new OutboxMailer({ dataDir, clock });
    for (const subject of ['first', 'second', 'third']) await mailer.send({ ...message, subject });
    clock.advance(1);
    await mailer.send({ ...message, subject: 'fourth' });
    clock.advance(1);
    await new OutboxMailer({ dataDir, clock }).send({ ...message, subject: 'fifth' });

    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    const subjects = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(dataDir, 'outbox', file), 'utf8')).subject),
    );
    expect(subjects).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
    expect(files.every((file) => file.endsWith('.json') && !file.includes(':'))).toBe(true);
  });

  it('gives messages of two mailers in the same millisecond distinct files', async () => {
    const clock = new ManualClock('2026-04-01T09:30:00.000Z');
    await new OutboxMailer({ dataDir, clock }).send(message);
    await new OutboxMailer({ dataDir, clock }).send(message);
    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(2);
  });

  it('is what createMailer returns without an SMTP URL', () => {
    expect(createMailer({ from: 'x@example.com', dataDir })).toBeInstanceOf(OutboxMailer);
  });
});

describe('SmtpMailer', () => {
  let smtp: FakeSmtpServer;
  beforeEach(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('delivers a multipart message from the configured sender through the SMTP URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Chatbot Builder <no-reply@example.com>',
      dataDir: '/nonexistent',
    });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send(message);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@example.com');
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(mail!.data).toMatch(/^From: Chatbot Builder <no-reply@example\.com>$/m);
    expect(mail!.data).toMatch(/^To: ada@example\.com$/m);
    expect(mail!.data).toMatch(/^Subject: Verify your email$/m);
    expect(mail!.data).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail!.data).toContain(message.text);
    expect(mail!.data).toContain(message.html);
  });

  it('fails when the server rejects the recipient', async () => {
    smtp.rejectRecipients = true;
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@example.com' });
    await expect(mailer.send(message)).rejects.toThrow(/550/);
  });
});

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

interface FakeSmtpServer {
  port: number;
  received: ReceivedMail[];
  rejectRecipients: boolean;
  close(): Promise<void>;
}

/** Just enough of RFC 5321 for nodemailer: no TLS, no auth, no pipelining. */
async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const state: FakeSmtpServer = { port: 0, received: [], rejectRecipients: false, close: async () => {} };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          socket.write('250 ok\r\n');
        } else if (command === 'RCPT') {
          if (state.rejectRecipients) socket.write('550 no such user\r\n');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            socket.write('250 ok\r\n');
          }
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (command === 'RSET' || command === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return state;
}
