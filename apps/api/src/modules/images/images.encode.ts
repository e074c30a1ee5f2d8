import { LIBRARY_IMAGE_MAX_PIXELS, type LibraryImageType } from '@hostdeck/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface EncodedLibraryImage {
  bytes: Buffer;
  contentType: LibraryImageType;
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

export interface EncodedPicture extends EncodedLibraryImage {
  format: PictureFormat;
  /** More than one frame (a GIF or WebP kept animated). */
  animated: boolean;
}

export interface EncodeRules {
  /** Pixels of all frames together; larger pictures are refused before they are decoded. */
  maxPixels: number;
  /** The formats accepted (of the four); others are refused as IMAGE_TYPE_NOT_ALLOWED. */
  formats?: readonly PictureFormat[];
  /** Animated GIFs and WebPs: kept animated, or refused (IMAGE_ANIMATED_NOT_ALLOWED). */
  animated?: 'keep' | 'refuse';
  /**
   * 'small' (the default): mozjpeg and the strongest PNG compression, for the few library images;
   * 'fast': libjpeg-turbo without Huffman optimisation and PNG level 6: on a 4-megapixel JPEG about 25
   * ms instead of 870 (mozjpeg) or 58 (turbo, optimised), for a file 3 to 10 % larger: members'
   * uploads, where throughput counts (issue #16: 20 a second on 2 cores).
   */
  effort?: 'small' | 'fast';
}

/** sharp's name of each format we keep → what it is stored and served as. */
const kept = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

const refused = (formats: readonly PictureFormat[] = ['png', 'jpeg', 'gif', 'webp']) =>
  new AppError(
    'IMAGE_TYPE_NOT_ALLOWED',
    `Upload a picture in one of these formats: ${formats.map((f) => f.toUpperCase()).join(', ')} (this file is not one)`,
  );

/**
 * Decodes the upload and writes a new file of the same format from its pixels only: no metadata
 * survives, the EXIF orientation is applied first, and the frames of an animated GIF or WebP are kept
 * (sharp reads and writes both with `animated`). The bytes decide the format; names and declared
 * types play no part. SVG, HTML, TIFF and anything else sharp does not read as one of the four is refused.
 */
export function encodeLibraryImage(input: Buffer): Promise<EncodedLibraryImage> {
  return encodePicture(input, { maxPixels: LIBRARY_IMAGE_MAX_PIXELS });
}

/**
 * The same for any upload under its own rules (members' hosted images: the formats and the animation
 * rule of the settings). The polyglot case is covered by construction: only decoded pixels are
 * written, so bytes appended to (or hidden in) a valid picture never reach the stored file.
 */
export async function encodePicture(input: Buffer, rules: EncodeRules): Promise<EncodedPicture> {
  const { maxPixels } = rules;
  const fast = rules.effort === 'fast';
  let meta: Metadata;
  try {
    // The header only: the pixel limit is checked below with its own answer, then again when decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused();
  }
  const format = meta.format as PictureFormat | undefined;
  if (!format || !(format in kept) || (rules.formats && !rules.formats.includes(format))) throw refused(rules.formats);
  const pages = meta.pages ?? 1;
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (width * frameHeight * pages > maxPixels)
    throw new AppError('IMAGE_TOO_MANY_PIXELS', `The picture is too large: at most ${maxPixels} pixels`);
  const animated = (format === 'gif' || format === 'webp') && pages > 1;
  if (animated && rules.animated === 'refuse')
    throw new AppError('IMAGE_ANIMATED_NOT_ALLOWED', 'Animated pictures are not accepted here: upload a still one');
  try {
    let image = sharp(input, { animated, failOn: 'error', limitInputPixels: maxPixels });
    // Upright before the metadata goes (animations carry no EXIF orientation, and sharp cannot turn them).
    if (!animated) image = image.rotate();
    image =
      format === 'png'
        ? image.png({ compressionLevel: fast ? 6 : 9 })
        : format === 'jpeg'
          ? image.jpeg({ quality: 88, mozjpeg: !fast, optimiseCoding: !fast })
          : format === 'gif'
            ? image.gif()
            : image.webp({ quality: 88 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      ...kept[format],
      format,
      animated,
      width: info.width,
      height: animated ? (info.pageHeight ?? frameHeight) : info.height,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw refused(rules.formats);
  }
}

/** A still WebP at most `size` pixels on its longer side, of the first frame, for galleries. */
export function thumbnail(encoded: Buffer, size: number): Promise<Buffer> {
  return sharp(encoded, { pages: 1, failOn: 'error' })
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
