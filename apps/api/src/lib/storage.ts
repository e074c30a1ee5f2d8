import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are made by the server only: members' pictures
 * (`<kind>/<user-uuid>-<random>.<ext>`, see mediaKey) and ticket attachments
 * (`attachments/<random>.<ext>`, see attachmentKey) and library images (`library/<random>.<ext>`, see
 * libraryKey) and hosted images (`hosted/<random>.<ext>`, thumbnails `hosted/thumbs/<random>.webp`, see
 * hostedKeys); an implementation still refuses any key that is of none of these shapes (isStorableKey).
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key (or the key is not a valid one). */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** The content type of each extension we store; the stores derive one from the other. */
export const typeOfExtension: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
};

/** One folder (not the attachments, library or hosted one), then a name of letters, digits, dashes and underscores, then an image extension. */
const KEY = /^(?!attachments\/|library\/|hosted\/)[a-z]{1,32}\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(webp|png|jpg|gif)$/;
/** The admin image library: its own folder, a random name only (see libraryKey), an image extension. */
const LIBRARY_KEY = /^library\/[A-Za-z0-9_-]{24}\.(webp|png|jpg|gif)$/;
/** Members' hosted images and their thumbnails: their own folder, random names only (see hostedKeys). */
const HOSTED_KEY = /^hosted\/(?:[A-Za-z0-9_-]{24}\.(?:webp|png|jpg|gif)|thumbs\/[A-Za-z0-9_-]{24}\.webp)$/;
/** Ticket attachments: their own folder, a random name only, an image, PDF or text extension. */
const ATTACHMENT_KEY = /^attachments\/[A-Za-z0-9_-]{24}\.(webp|png|jpg|gif|pdf|txt)$/;

/** A public picture (a member's, or one of the image library), which /api/media serves to anyone: never an attachment. */
export function isValidMediaKey(key: string): boolean {
  return KEY.test(key) || LIBRARY_KEY.test(key);
}

/** A file of the admin image library. */
export function isValidLibraryKey(key: string): boolean {
  return LIBRARY_KEY.test(key);
}

/** A new key for a library image: random, never built from the upload's name. */
export function libraryKey(extension: 'webp' | 'png' | 'jpg' | 'gif'): string {
  return `library/${randomBytes(18).toString('base64url')}.${extension}`;
}

/** A hosted image or its thumbnail: served only through /i/<id> (never by /api/media). */
export function isValidHostedKey(key: string): boolean {
  return HOSTED_KEY.test(key);
}

/** New keys for a hosted image and its thumbnail: random, never built from the upload's name or its public id. */
export function hostedKeys(extension: 'webp' | 'png' | 'jpg' | 'gif'): { file: string; thumb: string } {
  return {
    file: `hosted/${randomBytes(18).toString('base64url')}.${extension}`,
    thumb: `hosted/thumbs/${randomBytes(18).toString('base64url')}.webp`,
  };
}

/** Any key of a shape the server makes: what a store accepts. */
export function isStorableKey(key: string): boolean {
  return isValidMediaKey(key) || isValidAttachmentKey(key) || isValidHostedKey(key);
}

/** A ticket attachment, served only through its ticket to its owner and staff. */
export function isValidAttachmentKey(key: string): boolean {
  return ATTACHMENT_KEY.test(key);
}

/** The storage extension of each attachment type (detected from the content). */
export const attachmentExtensions = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
} as const;
export type AttachmentType = keyof typeof attachmentExtensions;

/** A new key for a ticket attachment: random, never built from the upload's name. */
export function attachmentKey(type: AttachmentType): string {
  return `attachments/${randomBytes(18).toString('base64url')}.${attachmentExtensions[type]}`;
}

/** A new key for a member's file of one kind: never built from anything the client sent. */
export function mediaKey(kind: string, userId: string, extension: 'webp' | 'png'): string {
  return `${kind}/${userId}-${randomBytes(12).toString('base64url')}.${extension}`;
}

/** Files on the local disk under `<dataDir>/media` (one instance; several need a shared store). */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
  }

  /** The file's path, or null for a key that is malformed or would leave the media folder. */
  private pathOf(key: string): string | null {
    if (!isStorableKey(key)) return null;
    const path = resolve(this.root, key);
    return path.startsWith(this.root + sep) ? path : null;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    if (typeOfExtension[extname(path)] !== contentType)
      throw new Error(`The key ${key} does not fit the content type ${contentType}`);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredMedia | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    try {
      return { bytes: await readFile(path), contentType: typeOfExtension[extname(path)]! };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) return;
    await unlink(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
