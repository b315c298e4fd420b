import type { PrismaClient } from '../generated/prisma/client.ts';
import { SecretBoxError, type SecretBox } from './crypto/index.ts';

/**
 * The six platform keys an admin can set (spec 001 §3), stored encrypted in `admin_config`. The names
 * are stable: they are the `key` values of GET/PUT /admin/config/.
 */
export const ADMIN_CONFIG_KEYS = {
  paymentSecret: 'stripe_secret_key',
  paymentWebhookSecret: 'stripe_webhook_secret',
  messagingAccessToken: 'whatsapp_access_token',
  messagingPhoneNumberId: 'whatsapp_phone_number_id',
  messagingVerifyToken: 'whatsapp_verify_token',
  aiProviderKey: 'openai_api_key',
} as const;

export type AdminConfigKey = (typeof ADMIN_CONFIG_KEYS)[keyof typeof ADMIN_CONFIG_KEYS];

export const ADMIN_CONFIG_KEY_NAMES: readonly AdminConfigKey[] = Object.values(ADMIN_CONFIG_KEYS);

/**
 * Platform settings stored beside the keys, the same way, but not among the six of GET/PUT
 * /admin/config/: each has its own screen and its own rules (the free trial's credits: billing/trial.ts).
 */
export const PLATFORM_SETTING_KEYS = { trialCredits: 'trial_credits' } as const;

export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[keyof typeof PLATFORM_SETTING_KEYS];

/** Every key the store keeps. */
type StoredConfigKey = AdminConfigKey | PlatformSettingKey;

/** Reads and writes the admin's platform keys, encrypted at rest with the app's SecretBox. */
export class AdminConfigStore {
  constructor(private readonly deps: { prisma: PrismaClient; secrets: SecretBox }) {}

  /** The decrypted value, or undefined when unset, empty, or unreadable (sealed under another APP_SECRET). */
  async get(key: StoredConfigKey): Promise<string | undefined> {
    const row = await this.deps.prisma.adminConfig.findUnique({ where: { key } });
    if (!row) return undefined;
    try {
      const value = this.deps.secrets.decrypt(row.encryptedValue).trim();
      return value === '' ? undefined : value;
    } catch (error) {
      if (error instanceof SecretBoxError) return undefined;
      throw error;
    }
  }

  /** Saves a value; an empty value removes the key so the environment's default applies again. */
  async set(key: StoredConfigKey, value: string, updatedById: string | null = null): Promise<void> {
    const trimmed = value.trim();
    if (trimmed === '') {
      await this.deps.prisma.adminConfig.deleteMany({ where: { key } });
      return;
    }
    const encryptedValue = this.deps.secrets.encrypt(trimmed);
    await this.deps.prisma.adminConfig.upsert({
      where: { key },
      create: { key, encryptedValue, updatedById },
      update: { encryptedValue, updatedById },
    });
  }
}
