import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, TICKET_ATTACHMENT_FIELD } from '@hostdeck/contracts';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { unreadableForm } from '../../lib/multipart.ts';
import { type AttachmentType, attachmentKey, type MediaStorage } from '../../lib/storage.ts';

/** A file of a ticket message, checked and typed from its bytes, not yet stored. */
export interface Upload {
  fileName: string;
  type: AttachmentType;
  bytes: Buffer;
}
export interface StoredUpload extends Upload {
  key: string;
}

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const sig = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + sig.length && bytes.subarray(offset, offset + sig.length).equals(sig);
};
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text: valid UTF-8 without NUL bytes that does not open like markup (HTML, SVG, XML all start with "<"). */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = utf8.decode(bytes); // drops a leading BOM
  } catch {
    return false;
  }
  return !text.trimStart().startsWith('<');
}

/** What the bytes are (magic numbers, then the text rule); null for anything else. Names and declared types play no part. */
export function detectAttachmentType(bytes: Buffer): AttachmentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  return isPlainText(bytes) ? 'text/plain' : null;
}

/** Extensions a name may keep for each type; any other gets the type's own added (x.html → x.html.txt). */
const keptExtensions: Record<AttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
};

/**
 * The name shown and offered on download: the last path segment, without control characters, at
 * most 120 characters, and ending in an extension of the detected type, so a saved file never
 * opens as something else.
 */
export function safeFileName(name: string, type: AttachmentType): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .replace(/^\.+/, '');
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : '';
  const own = keptExtensions[type];
  const withExt = own.includes(ext) ? base : `${base || 'attachment'}.${own[0]}`;
  if (withExt.length <= 120) return withExt;
  const suffix = withExt.slice(withExt.lastIndexOf('.'));
  return withExt.slice(0, 120 - suffix.length) + suffix;
}

/** The fields and files of a ticket form: multipart/form-data, or a JSON body without files. */
export interface TicketForm {
  fields: Record<string, unknown>;
  files: Upload[];
}

/** The parser's own limit errors, in our codes (anything else is an unreadable form). */
function limitError(err: unknown, limits: { maxBytes: number; maxCount: number }): AppError | null {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('ATTACHMENT_TOO_LARGE', `An attachment is larger than ${limits.maxBytes} bytes`);
    case 'FST_FILES_LIMIT':
      return new AppError('TOO_MANY_ATTACHMENTS', `At most ${limits.maxCount} attachments per message`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts');
  }
  return null;
}

/**
 * Reads a ticket form. Files come only under `attachments`; each is read whole (at most maxBytes,
 * at most maxCount of them, as the parser enforces) and typed from its bytes. A refused file still
 * lets the rest of the body be read, so the client gets the answer rather than a broken connection.
 */
export async function readTicketForm(
  req: FastifyRequest,
  limits: { maxBytes: number; maxCount: number },
): Promise<TicketForm> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      throw new AppError('VALIDATION_ERROR', 'Send the form as an object', { _form: 'Expected an object' });
    return { fields: (body as Record<string, unknown>) ?? {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: Upload[] = [];
  let refused: AppError | null = null;
  try {
    const parts = req.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: limits.maxCount,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: limits.maxCount + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          refused ??= new AppError('VALIDATION_ERROR', 'A field is too long', { [part.fieldname]: 'Too long' });
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // A file input left empty sends a nameless, empty part: nothing was attached.
      if (!part.filename && bytes.length === 0) continue;
      if (refused) continue;
      if (part.fieldname !== TICKET_ATTACHMENT_FIELD) {
        refused = new AppError('VALIDATION_ERROR', `Send files under "${TICKET_ATTACHMENT_FIELD}"`, {
          [part.fieldname]: 'Unexpected file',
        });
        continue;
      }
      const type = bytes.length > 0 ? detectAttachmentType(bytes) : null;
      if (!type) {
        refused = new AppError(
          'ATTACHMENT_TYPE_NOT_ALLOWED',
          `${safeName(part.filename)} is not a PNG, JPEG, GIF or WebP image, a PDF or plain text`,
        );
        continue;
      }
      files.push({ fileName: safeFileName(part.filename, type), type, bytes });
    }
  } catch (err) {
    throw limitError(err, limits) ?? unreadableForm(err);
  }
  if (refused) throw refused;
  return { fields, files };
}

const safeName = (name: string) => JSON.stringify(name.slice(0, 80));

/** Writes the files under new random keys; if one fails, those already written are removed. */
export async function storeUploads(storage: MediaStorage, uploads: Upload[]): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const upload of uploads) {
      const key = attachmentKey(upload.type);
      await storage.put(key, upload.bytes, upload.type);
      stored.push({ ...upload, key });
    }
  } catch (err) {
    await removeUploads(storage, stored);
    throw err;
  }
  return stored;
}

/**
 * Files first, then the rows in one transaction; the files are removed again if the transaction
 * fails, so a refused request leaves neither a message without its files nor a file without a row.
 */
export async function withStoredUploads<T>(
  db: Db,
  storage: MediaStorage,
  uploads: Upload[],
  work: (tx: Db, stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const stored = await storeUploads(storage, uploads);
  try {
    return await db.transaction((txRaw) => work(txRaw as unknown as Db, stored));
  } catch (err) {
    await removeUploads(storage, stored);
    throw err;
  }
}

export async function removeUploads(storage: MediaStorage, stored: { key: string }[]): Promise<void> {
  await Promise.all(stored.map((s) => storage.delete(s.key).catch(() => undefined)));
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Form fields checked with the contract's schema, its messages on their fields. Multipart fields miss
 * the control-character hook (they are read in the handler), so the same rule is applied here.
 */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const bad = findControlCharacter(fields);
  if (bad) throw new AppError('VALIDATION_ERROR', 'Some fields are not valid', { [bad]: CONTROL_CHARACTER_MESSAGE });
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || '_form'] ??= issue.message;
  throw new AppError('VALIDATION_ERROR', 'Some fields are not valid', errors);
}

/** The OpenAPI note of a route that takes these forms. */
export const formBody = { consumes: ['application/json', 'multipart/form-data'] } as const;

/**
 * The validator of a form route: params and query as usual; the body schema only documents the
 * fields, and the handler checks them (JSON or multipart alike) after the ticket is known to be
 * the caller's, so someone else's ticket is a 404 whatever the body holds.
 */
export const formValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route);
