import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// HKDF (not a slow KDF) because APP_SECRET is either 32 random bytes kept in DATA_DIR or an
// operator-provided secret of the same kind; fixed salt and info give a key used only for this box.
const HKDF_SALT = 'chatbot-builder/secret-box';
const HKDF_INFO = `aes-256-gcm/${VERSION}`;

export class SecretBoxError extends Error {
  constructor() {
    super('Ciphertext is malformed or was tampered with');
    this.name = 'SecretBoxError';
  }
}

/**
 * Encrypts short secrets (API keys, OAuth tokens) for storage with AES-256-GCM.
 * Format: `v1.<base64url(iv | tag | ciphertext)>`; the version prefix is authenticated too.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    if (appSecret.length === 0) throw new Error('SecretBox needs a non-empty app secret');
    this.key = Buffer.from(hkdfSync('sha256', appSecret, HKDF_SALT, HKDF_INFO, 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(VERSION));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /** Throws SecretBoxError when the value was not produced by `encrypt` with the same secret. */
  decrypt(sealed: string): string {
    const [version, body, ...rest] = sealed.split('.');
    if (version !== VERSION || body === undefined || rest.length > 0) throw new SecretBoxError();
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== body) {
      throw new SecretBoxError();
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(VERSION));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError();
    }
  }
}
