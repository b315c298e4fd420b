import { createHmac, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ConflictError } from '../../errors.ts';
import type { Bot, PrismaClient, User, WhatsAppLink } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { sameSecret, sha256Hex } from '../../platform/crypto/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import type { JobQueue } from '../../platform/queue/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { ADMIN_CONFIG_KEYS, type AdminConfigStore } from '../../platform/settings.ts';
import { findOwnedBot } from '../bots/public.ts';
import type { ChatReply } from '../chat/service.ts';
import type { EventCategory, EventRecorder } from '../events/service.ts';
import { whatsAppErrors } from './errors.ts';
import { WhatsAppApiError, type WhatsAppCloudApi, type WhatsAppCredentials } from './graphApi.ts';
import {
  checkPhoneNumber,
  LINK_CODE_ALPHABET,
  PHONE_NUMBER_MESSAGES,
  LINK_CODE_TTL_MS,
  linkCodeIn,
  registrationLink,
  splitMessage,
} from './rules.ts';
import { WhatsAppTraffic } from './traffic.ts';
import { inboundItems, type InboundItem } from './webhookPayload.ts';

export const WHATSAPP_CATEGORY = 'whatsapp' satisfies EventCategory;
const INBOUND_QUEUE = 'whatsapp-inbound';
const SEND_QUEUE = 'whatsapp-send';
/** The platform number's display digits change rarely; asking Meta once a few minutes is plenty. */
const DISPLAY_DIGITS_TTL_MS = 5 * 60_000;

export const WHATSAPP_REPLIES = {
  help: 'Hello! This number is not linked to a chatbot yet. To chat with a business assistant here, scan the QR code the business shows you, or ask them to link your number.',
  linked: (botName: string) => `Your number is now linked to ${botName}. Ask me anything!`,
  codeInvalid: 'This link code has expired or was already used. Please scan a fresh QR code and send its message again.',
  failed: 'Sorry, I could not answer just now. Please try again in a moment.',
};

const linkInput = z.object({
  botId: z.string({ error: PHONE_NUMBER_MESSAGES.botIdRequired }).trim().min(1, { error: PHONE_NUMBER_MESSAGES.botIdRequired }).max(100),
  // Absent reads as empty, so the spec's Missing Number check below answers it.
  phoneNumber: z.string({ error: PHONE_NUMBER_MESSAGES.invalid }).max(40, { error: PHONE_NUMBER_MESSAGES.invalid }).default(''),
});

/** An answer on its way out: the parts not sent yet, `index` counting the ones before them. */
interface OutgoingParts {
  to: string;
  parts: string[];
  key: string;
  index: number;
}

export interface LinkedNumber {
  id: string;
  phoneNumber: string;
  linkedAt: Date;
}

export interface RegistrationQr {
  link: string;
  expiresAt: Date;
  png: Buffer;
}

interface WhatsAppDependencies {
  prisma: PrismaClient;
  clock: Clock;
  queue: JobQueue;
  adminConfig: AdminConfigStore;
  api: WhatsAppCloudApi;
  /** The Meta app secret; without it deliveries are accepted unsigned (and a warning says so once). */
  appSecret: string | undefined;
  events: EventRecorder;
  logger: Logger;
  answer: (bot: Bot, phoneNumber: string, text: string, senderName?: string) => Promise<ChatReply>;
}

/**
 * The platform's WhatsApp number: customers link phone numbers to their bots (by QR code or by
 * hand), Meta's webhook brings messages in, and linked numbers get their bot's answers back.
 */
export class WhatsAppService {
  /** The channel's traffic for the admin. */
  readonly traffic: WhatsAppTraffic;
  private displayDigitsCache: { digits: string; until: number; phoneNumberId: string } | null = null;
  private warnedUnsigned = false;

  constructor(private readonly deps: WhatsAppDependencies) {
    this.traffic = new WhatsAppTraffic(deps);
    deps.queue.register<InboundItem>(INBOUND_QUEUE, (item) => this.handleInbound(item), {
      attempts: 3,
      backoffMs: 2000,
      onFailed: (item, error) => this.recordFailure(`WhatsApp message from +${item.from} could not be handled`, item.from, error),
    });
    deps.queue.register<OutgoingParts>(SEND_QUEUE, (payload) => this.sendNext(payload), {
      attempts: 5,
      backoffMs: 2000,
      onFailed: (payload, error) => this.recordFailure(`WhatsApp message to +${payload.to} failed to send`, payload.to, error),
    });
  }

  // ---------------------------------------------------------------- linking

  async linkedNumbers(ownerId: string, botId: string): Promise<LinkedNumber[]> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    return this.deps.prisma.whatsAppLink.findMany({ where: { botId: bot.id }, orderBy: [{ linkedAt: 'desc' }, { id: 'desc' }] });
  }

  /**
   * Links a number typed by the customer. A number answers one bot at a time: linking it to another
   * of the customer's bots moves it; another account's number is refused without saying whose.
   */
  async linkNumber(ownerId: string, rawInput: unknown): Promise<{ bot: Bot; link: WhatsAppLink }> {
    const input = parseInput(linkInput, rawInput);
    const check = checkPhoneNumber(input.phoneNumber);
    if (!check.ok) throw whatsAppErrors.invalidNumber(check.message);
    const bot = await findOwnedBot(this.deps.prisma, ownerId, input.botId);
    const link = await this.link(bot, check.digits);
    await this.deps.events.record({
      event: `WhatsApp number linked: +${link.phoneNumber} to ${bot.name}`,
      category: WHATSAPP_CATEGORY,
      userId: ownerId,
    });
    return { bot, link };
  }

  async unlinkNumber(ownerId: string, botId: string, numberId: string): Promise<Bot> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const link = await this.deps.prisma.whatsAppLink.findFirst({ where: { id: numberId, botId: bot.id } });
    if (!link) throw whatsAppErrors.numberNotFound();
    await this.deps.prisma.whatsAppLink.delete({ where: { id: link.id } });
    await this.deps.events.record({
      event: `WhatsApp number unlinked: +${link.phoneNumber} from ${bot.name}`,
      category: WHATSAPP_CATEGORY,
      userId: ownerId,
    });
    return bot;
  }

  /** A QR code of a wa.me link to the platform number, its text carrying a one-time code for this bot. */
  async registrationQr(ownerId: string, botId: string): Promise<RegistrationQr> {
    const bot = await findOwnedBot(this.deps.prisma, ownerId, botId);
    const credentials = await this.credentials();
    const digits = await this.displayDigits(credentials);
    const code = Array.from({ length: 8 }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
    const expiresAt = new Date(this.deps.clock.now().getTime() + LINK_CODE_TTL_MS);
    await this.deps.prisma.whatsAppLinkCode.create({ data: { botId: bot.id, codeHash: sha256Hex(code), expiresAt } });
    const link = registrationLink(digits, code);
    const png = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    return { link, expiresAt, png };
  }

  private async link(bot: Bot, phoneNumber: string): Promise<WhatsAppLink> {
    const existing = await this.deps.prisma.whatsAppLink.findUnique({
      where: { phoneNumber },
      include: { bot: { select: { ownerId: true } } },
    });
    if (existing && existing.bot.ownerId !== bot.ownerId) throw whatsAppErrors.numberTaken();
    if (existing?.botId === bot.id) return existing;
    const now = this.deps.clock.now();
    try {
      return await this.deps.prisma.whatsAppLink.upsert({
        where: { phoneNumber },
        create: { botId: bot.id, phoneNumber, linkedAt: now },
        update: { botId: bot.id, linkedAt: now },
      });
    } catch (error) {
      // Two links of one number at once: the other one won.
      if (isUniqueViolation(error)) throw whatsAppErrors.numberTaken();
      throw error;
    }
  }

  // ---------------------------------------------------------------- webhook

  /** Meta's subscription check: the challenge comes back only when the verify token matches. */
  async verifySubscription(mode: unknown, token: unknown, challenge: unknown): Promise<string> {
    const expected = await this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.messagingVerifyToken);
    if (mode !== 'subscribe' || typeof token !== 'string' || !expected || !sameSecret(token, expected)) {
      throw whatsAppErrors.badVerifyToken();
    }
    return typeof challenge === 'string' ? challenge : '';
  }

  /** Checks the signature of a delivery and queues its messages; the answers are the queue's work. */
  async receiveDelivery(rawBody: Buffer, signature: string | undefined): Promise<{ queued: number }> {
    if (this.deps.appSecret) {
      if (!validSignature(rawBody, signature, this.deps.appSecret)) throw whatsAppErrors.badSignature();
    } else if (!this.warnedUnsigned) {
      this.warnedUnsigned = true;
      this.deps.logger.warn('WHATSAPP_APP_SECRET is not set: WhatsApp webhook deliveries are accepted without a signature check');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw whatsAppErrors.badPayload();
    }
    const items = inboundItems(payload);
    for (const item of items) {
      await this.deps.queue.enqueue(INBOUND_QUEUE, item, { jobId: `whatsapp-in-${sha256Hex(item.id).slice(0, 32)}` });
    }
    return { queued: items.length };
  }

  /**
   * One message or status, handled once by Meta's id: a retried delivery finds the id recorded. When
   * handling fails before any answer went out, the record is dropped so the queue's retry starts over.
   */
  private async handleInbound(item: InboundItem): Promise<void> {
    const link = await this.deps.prisma.whatsAppLink.findUnique({
      where: { phoneNumber: item.from },
      include: { bot: { include: { owner: { select: { status: true } } } } },
    });
    try {
      await this.deps.prisma.whatsAppInbound.create({
        data: {
          id: item.id,
          kind: inboundKind(item),
          fromNumber: item.from,
          botId: link?.botId ?? null,
          receivedAt: this.deps.clock.now(),
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    if (item.kind === 'status' && item.status === 'failed') {
      await this.deps.events.record({
        event: `WhatsApp message to +${item.from} failed to deliver`,
        category: WHATSAPP_CATEGORY,
        details: item.error ?? '',
        userId: link?.bot.ownerId ?? null,
      });
    }
    try {
      const reply = await this.replyTo(item, link?.bot ?? null);
      if (reply) await this.enqueueParts({ to: item.from, parts: splitMessage(reply), key: sha256Hex(item.id).slice(0, 32), index: 0 });
    } catch (error) {
      await this.deps.prisma.whatsAppInbound.delete({ where: { id: item.id } }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * What to answer: a registration confirms, a linked number gets its bot's answer, others help text.
   * A number linked to a suspended customer's bot gets nothing: their bot answers nobody meanwhile.
   */
  private async replyTo(item: InboundItem, bot: (Bot & { owner: Pick<User, 'status'> | null }) | null): Promise<string | null> {
    if (item.kind !== 'text') return null;
    const code = linkCodeIn(item.text);
    if (code) return this.redeemCode(code, item.from);
    if (!bot) return WHATSAPP_REPLIES.help;
    if (bot.owner?.status === 'suspended') {
      this.deps.logger.info({ botId: bot.id }, "WhatsApp message to a suspended customer's bot: not answered");
      return null;
    }
    try {
      const reply = await this.deps.answer(bot, item.from, item.text, item.senderName);
      // Held for a person of the owner's (the inbox): they answer, the bot stays silent.
      return reply.heldForPerson ? null : reply.text;
    } catch (error) {
      // The question was received: the sender hears that it failed instead of silence.
      this.deps.logger.warn({ err: error, botId: bot.id }, 'WhatsApp answer failed');
      await this.deps.events.record({
        event: `WhatsApp answer failed for ${bot.name}`,
        category: WHATSAPP_CATEGORY,
        details: error instanceof Error ? error.message : String(error),
        userId: bot.ownerId,
      });
      return WHATSAPP_REPLIES.failed;
    }
  }

  private async redeemCode(code: string, phoneNumber: string): Promise<string> {
    const now = this.deps.clock.now();
    const spent = await this.deps.prisma.whatsAppLinkCode.updateMany({
      where: { codeHash: sha256Hex(code), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (spent.count === 0) return WHATSAPP_REPLIES.codeInvalid;
    const { bot } = await this.deps.prisma.whatsAppLinkCode.findUniqueOrThrow({
      where: { codeHash: sha256Hex(code) },
      include: { bot: true },
    });
    try {
      await this.link(bot, phoneNumber);
    } catch (error) {
      // The only conflict link() raises: the number belongs to another account.
      if (error instanceof ConflictError) return error.message;
      throw error;
    }
    await this.deps.events.record({
      event: `WhatsApp number linked: +${phoneNumber} to ${bot.name} by QR code`,
      category: WHATSAPP_CATEGORY,
      userId: bot.ownerId,
    });
    return WHATSAPP_REPLIES.linked(bot.displayName || bot.name);
  }

  /**
   * Sends the first part, then queues the rest as the next job: a retry resends only the part that
   * failed, and the parts still arrive in order.
   */
  private async sendNext(payload: OutgoingParts): Promise<void> {
    const [part, ...rest] = payload.parts;
    if (part === undefined) return;
    await this.deps.api.sendText(await this.credentials(), payload.to, part);
    if (rest.length > 0) await this.enqueueParts({ ...payload, parts: rest, index: payload.index + 1 });
  }

  /**
   * A person's reply from the inbox to a WhatsApp conversation: sent like the bot's answers (split,
   * each part retried, in order), once per reply whatever retries its caller makes.
   */
  async sendPersonReply(reply: { phoneNumber: string; text: string; messageId: string }): Promise<void> {
    await this.enqueueParts({
      to: reply.phoneNumber,
      parts: splitMessage(reply.text),
      key: sha256Hex(reply.messageId).slice(0, 32),
      index: 0,
    });
  }

  private async enqueueParts(payload: OutgoingParts): Promise<void> {
    await this.deps.queue.enqueue(SEND_QUEUE, payload, { jobId: `whatsapp-out-${payload.key}-${payload.index}` });
  }

  private async recordFailure(event: string, phoneNumber: string, error: Error): Promise<void> {
    const link = await this.deps.prisma.whatsAppLink.findUnique({
      where: { phoneNumber },
      include: { bot: { select: { ownerId: true } } },
    });
    await this.deps.events.record({ event, category: WHATSAPP_CATEGORY, details: error.message, userId: link?.bot.ownerId ?? null });
  }

  // ---------------------------------------------------------------- the platform number

  /** Whether the platform's number is set up, so that messages to linked numbers reach their bots. */
  async delivers(): Promise<boolean> {
    return (await this.configuredCredentials()) !== null;
  }

  private async credentials(): Promise<WhatsAppCredentials> {
    const credentials = await this.configuredCredentials();
    if (!credentials) throw whatsAppErrors.notConfigured();
    return credentials;
  }

  private async configuredCredentials(): Promise<WhatsAppCredentials | null> {
    const [accessToken, phoneNumberId] = await Promise.all([
      this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.messagingAccessToken),
      this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.messagingPhoneNumberId),
    ]);
    return accessToken && phoneNumberId ? { accessToken, phoneNumberId } : null;
  }

  private async displayDigits(credentials: WhatsAppCredentials): Promise<string> {
    const now = this.deps.clock.now().getTime();
    const cached = this.displayDigitsCache;
    if (cached && cached.phoneNumberId === credentials.phoneNumberId && cached.until > now) return cached.digits;
    try {
      const digits = await this.deps.api.displayDigits(credentials);
      this.displayDigitsCache = { digits, until: now + DISPLAY_DIGITS_TTL_MS, phoneNumberId: credentials.phoneNumberId };
      return digits;
    } catch (error) {
      if (error instanceof WhatsAppApiError) throw whatsAppErrors.unreachable(error.message);
      throw error;
    }
  }
}

/** What the inbound record says arrived: text, the type of other messages, or a status. */
function inboundKind(item: InboundItem): string {
  if (item.kind === 'other') return item.type;
  return item.kind === 'status' ? `status:${item.status}` : 'text';
}

/** Meta signs the raw body: `sha256=` and the hex HMAC under the app secret. */
export function validSignature(rawBody: Buffer, signature: string | undefined, appSecret: string): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return sameSecret(signature.slice('sha256='.length), expected);
}
