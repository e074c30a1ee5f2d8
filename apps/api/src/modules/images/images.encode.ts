import { LIBRARY_IMAGE_MAX_PIXELS, type LibraryImageType } from '@hostdeck/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

export interface EncodedLibraryImage {
  bytes: Buffer;
  contentType: LibraryImageType;
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

/** sharp's name of each format we keep → what it is stored and served as. */
const kept = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

const refused = () =>
  new AppError('IMAGE_TYPE_NOT_ALLOWED', 'Upload a PNG, JPEG, GIF or WebP picture (this file is not one)');

/**
 * Decodes the upload and writes a new file of the same format from its pixels only: no metadata
 * survives, the EXIF orientation is applied first, and the frames of an animated GIF or WebP are kept
 * (sharp reads and writes both with `animated`). The bytes decide the format; names and declared
 * types play no part. SVG, HTML, TIFF and anything else sharp does not read as one of the four is refused.
 */
export async function encodeLibraryImage(input: Buffer): Promise<EncodedLibraryImage> {
  let meta: Metadata;
  try {
    // The header only: the pixel limit is checked below with its own answer, then again when decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused();
  }
  const format = meta.format as keyof typeof kept | undefined;
  if (!format || !(format in kept)) throw refused();
  const pages = meta.pages ?? 1;
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (width * frameHeight * pages > LIBRARY_IMAGE_MAX_PIXELS)
    throw new AppError('IMAGE_TOO_LARGE', `The picture is too large: at most ${LIBRARY_IMAGE_MAX_PIXELS} pixels`);
  const animated = (format === 'gif' || format === 'webp') && pages > 1;
  try {
    let image = sharp(input, { animated, failOn: 'error', limitInputPixels: LIBRARY_IMAGE_MAX_PIXELS });
    // Upright before the metadata goes (animations carry no EXIF orientation, and sharp cannot turn them).
    if (!animated) image = image.rotate();
    image =
      format === 'png'
        ? image.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? image.jpeg({ quality: 88, mozjpeg: true })
          : format === 'gif'
            ? image.gif()
            : image.webp({ quality: 88 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      ...kept[format],
      width: info.width,
      height: animated ? (info.pageHeight ?? frameHeight) : info.height,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw refused();
  }
}
