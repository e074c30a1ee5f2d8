import { IMAGE_UPLOAD_FIELD, LibraryImageCreateSchema } from '@hostdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { unreadableForm } from '../../lib/multipart.ts';
import { parseForm } from '../tickets/tickets.attachments.ts';

export interface ImageForm {
  bytes: Buffer;
  name: string;
  alt: string;
}

/** The parser's own limit errors, in our codes (anything else is an unreadable form). */
function limitError(err: unknown, maxBytes: number): AppError | null {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('IMAGE_TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_ERROR', 'Send one file per upload', { [IMAGE_UPLOAD_FIELD]: 'One file only' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts');
  }
  return null;
}

/** The upload's name as a default title: its last segment, without extension or control characters. */
export function nameFromFile(fileName: string): string {
  const base = (fileName.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim();
  return (base || 'image').slice(0, 120);
}

/**
 * Reads an upload form: one file under `file` (at most maxBytes, as the parser enforces while reading)
 * and the fields name and alt. The rest of the body is still read after a refusal, so the client
 * gets the answer rather than a broken connection.
 */
export async function readImageForm(req: FastifyRequest, maxBytes: number): Promise<ImageForm> {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data under "${IMAGE_UPLOAD_FIELD}"`);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  let refused: AppError | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          refused ??= new AppError('VALIDATION_ERROR', 'A field is too long', { [part.fieldname]: 'Too long' });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== IMAGE_UPLOAD_FIELD) {
        refused ??= new AppError('VALIDATION_ERROR', `Send the file under "${IMAGE_UPLOAD_FIELD}"`, {
          [part.fieldname]: 'Unexpected file',
        });
        continue;
      }
      file = { bytes, fileName: part.filename };
    }
  } catch (err) {
    throw limitError(err, maxBytes) ?? unreadableForm(err);
  }
  if (refused) throw refused;
  if (!file || file.bytes.length === 0)
    throw new AppError('VALIDATION_ERROR', 'Choose an image to upload', { [IMAGE_UPLOAD_FIELD]: 'Required' });
  const input = parseForm(LibraryImageCreateSchema, {
    ...fields,
    name: fields.name?.trim() ? fields.name : undefined,
  });
  return { bytes: file.bytes, name: input.name ?? nameFromFile(file.fileName), alt: input.alt };
}
