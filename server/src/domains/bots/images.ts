import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { botsErrors } from './errors.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Raster formats browsers show; SVG is refused because it can carry script on our origin. */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
};

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([contentType, extension]) => [extension, contentType]),
);

export type BotImageKind = 'icon' | 'logo';

export interface UploadedImage {
  kind: BotImageKind;
  data: Buffer;
  truncated: boolean;
}

export interface CheckedImage {
  kind: BotImageKind;
  data: Buffer;
  extension: string;
  contentType: string;
}

/** Checks an icon or logo by its bytes, never by its name or declared type. */
export async function checkImage(image: UploadedImage): Promise<CheckedImage> {
  const label = image.kind === 'icon' ? 'Icon' : 'Logo';
  if (image.truncated || image.data.length > MAX_IMAGE_BYTES) throw botsErrors.imageTooLarge(label);
  const detected = image.data.length > 0 ? await fileTypeFromBuffer(image.data) : undefined;
  const extension = detected ? IMAGE_TYPES[detected.mime] : undefined;
  if (!detected || !extension) throw botsErrors.notAnImage(label);
  return { kind: image.kind, data: image.data, extension, contentType: detected.mime };
}

/** Blob key and public URL of a bot image; a fresh name per upload lets browsers cache it forever. */
export function botImageLocation(botId: string, image: CheckedImage) {
  const file = `${image.kind}-${randomUUID()}.${image.extension}`;
  return { key: `bots/${botId}/images/${file}`, url: `/static/bots/${botId}/images/${file}` };
}

/** Only bot images are public under /static; anything else in blob storage stays private. */
export function publicImageKey(staticPath: string): string | null {
  const match = /^bots\/([A-Za-z0-9-]+)\/images\/((?:icon|logo)-[A-Za-z0-9-]+\.([a-z]+))$/.exec(staticPath);
  if (!match || !CONTENT_TYPE_BY_EXTENSION[match[3]!]) return null;
  return staticPath;
}
