// The part of the WhatsApp Business Cloud API the product uses, over its HTTP interface.

/** The platform number's keys, as the admin set them. */
export interface WhatsAppCredentials {
  accessToken: string;
  phoneNumberId: string;
}

/** Meta refused a call: its status and message, never the token. */
export class WhatsAppApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

export class WhatsAppCloudApi {
  constructor(private readonly baseUrl: string) {}

  /** The platform number as people dial it, digits only (Graph's display_phone_number has spaces and +). */
  async displayDigits(credentials: WhatsAppCredentials): Promise<string> {
    const body = await this.call<{ display_phone_number?: string }>(
      credentials,
      'GET',
      `/${encodeURIComponent(credentials.phoneNumberId)}?fields=display_phone_number`,
    );
    const digits = (body.display_phone_number ?? '').replace(/\D/g, '');
    if (!digits) throw new WhatsAppApiError('The WhatsApp number has no display phone number', 502);
    return digits;
  }

  /** Sends a plain text message; resolves with Meta's message id. */
  async sendText(credentials: WhatsAppCredentials, to: string, text: string): Promise<string> {
    const body = await this.call<{ messages?: { id: string }[] }>(
      credentials,
      'POST',
      `/${encodeURIComponent(credentials.phoneNumberId)}/messages`,
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'text',
        text: { preview_url: false, body: text },
      },
    );
    return body.messages?.[0]?.id ?? '';
  }

  private async call<T>(credentials: WhatsAppCredentials, method: 'GET' | 'POST', path: string, json?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${credentials.accessToken}`,
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WhatsAppApiError(`WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`, 503);
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) {
      const message = (parsed as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${response.status}`;
      throw new WhatsAppApiError(`WhatsApp refused the request: ${message}`, response.status);
    }
    return (parsed ?? {}) as T;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
