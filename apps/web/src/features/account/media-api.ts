import {
  MEDIA_MAX_BYTES,
  type MediaKind,
  type MediaUploadResult,
  mediaAcceptedTypes,
  skinRules,
} from '@hostdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { readImageSize } from './image-size.ts';

/** Why a file is refused before it is sent (the server checks the same, and more). */
export type MediaProblem =
  | { key: 'type' }
  | { key: 'size'; max: number }
  | { key: 'skinType' }
  | { key: 'skinSize'; width: number; height: number }
  | { key: 'unreadable' };

const accepted: readonly string[] = mediaAcceptedTypes;
const skinHeights: readonly number[] = skinRules.heights;

/** Client-side checks: the type, the size, and for skins the PNG type and the 64×64 or 64×32 layout. */
export async function checkMediaFile(kind: MediaKind, file: File): Promise<MediaProblem | null> {
  if (kind === 'skin' ? file.type !== skinRules.type : !accepted.includes(file.type))
    return { key: kind === 'skin' ? 'skinType' : 'type' };
  if (file.size > MEDIA_MAX_BYTES) return { key: 'size', max: MEDIA_MAX_BYTES / 1024 / 1024 };
  if (kind !== 'skin') return null;
  try {
    const { width, height } = await readImageSize(file);
    return width === skinRules.width && skinHeights.includes(height) ? null : { key: 'skinSize', width, height };
  } catch {
    return { key: 'unreadable' };
  }
}

/** After a change: the session (avatar, background) and the profiles (skin) are loaded again. */
function useMediaChanged() {
  const client = useQueryClient();
  return () => {
    void sessionManager.reload();
    void client.invalidateQueries({ queryKey: ['profiles'] });
  };
}

/** Sends the file itself as the body, with its type as the content type. */
export function useUploadMedia(kind: MediaKind) {
  const changed = useMediaChanged();
  return useMutation({
    mutationFn: (file: File) => api<MediaUploadResult>(`/api/account/${kind}`, { method: 'PUT', raw: file }),
    onSuccess: changed,
  });
}

export function useRemoveMedia(kind: MediaKind) {
  const changed = useMediaChanged();
  return useMutation({
    mutationFn: () => api<{ success: true }>(`/api/account/${kind}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}
