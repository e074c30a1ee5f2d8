import { CSRF_COOKIE, CSRF_HEADER, HOSTED_IMAGE_FIELD, type HostedImage } from '@hostdeck/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { readCookie } from '../../lib/cookies.ts';

/**
 * POST /api/user/images with the file as multipart/form-data. XMLHttpRequest rather than the api
 * client's fetch: only it reports upload progress. Same cookies, the same CSRF header, the same
 * error envelope turned into an ApiError.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<HostedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/user/images');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, readCookie(CSRF_COOKIE) ?? '');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    const offline = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached'));
    xhr.onerror = offline;
    xhr.onabort = offline;
    xhr.onload = () => {
      let body: { success?: boolean; data?: HostedImage; error_code?: string; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        onProgress(1);
        resolve(body.data);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body?.error_code ?? (xhr.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST'),
          body?.message ?? xhr.statusText,
        ),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(HOSTED_IMAGE_FIELD, file, file.name);
    xhr.send(form);
  });
}
