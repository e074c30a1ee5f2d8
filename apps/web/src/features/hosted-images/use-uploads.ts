import type { HostedImage, HostedImageUsage } from '@hostdeck/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { sessionManager } from '../../lib/session-manager.ts';
import { hostedKeys } from './api.ts';
import { precheck } from './links.ts';
import { uploadImage } from './upload-request.ts';

/** Files sent at the same time; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

export interface UploadItem {
  key: string;
  file: File;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0..1 of the bytes sent. */
  progress: number;
  image?: HostedImage;
  /** The error code (the server's, or the pre-check's) and what its message needs. */
  error?: { code: string; message?: string; max?: number; formats?: string };
}

let counter = 0;

/**
 * The upload queue of /images/upload: each file is checked against the limits first, then sent with
 * its own progress, a few at a time. Done and failed files stay listed with their link or reason.
 */
export function useUploads(usage: HostedImageUsage | undefined) {
  const client = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<UploadItem[]>([]);
  const active = useRef(0);
  const aborts = useRef(new Set<AbortController>());

  // Leaving the page stops what is still being sent.
  useEffect(() => {
    const all = aborts.current;
    return () => {
      for (const a of all) a.abort();
    };
  }, []);

  const update = useCallback(
    (key: string, patch: Partial<UploadItem>) =>
      setItems((current) => current.map((i) => (i.key === key ? { ...i, ...patch } : i))),
    [],
  );

  const pump = useCallback(() => {
    while (active.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const item = waiting.current.shift() as UploadItem;
      active.current += 1;
      const abort = new AbortController();
      aborts.current.add(abort);
      update(item.key, { status: 'uploading' });
      uploadImage(item.file, (progress) => update(item.key, { progress }), abort.signal)
        .then(
          (image) => {
            update(item.key, { status: 'done', progress: 1, image });
            void client.invalidateQueries({ queryKey: hostedKeys.all });
            if (usage && usage.cost > 0) void sessionManager.reload();
          },
          (err: unknown) => {
            const error = err instanceof ApiError ? { code: err.code, message: err.message } : { code: 'SERVER_ERROR' };
            update(item.key, { status: 'failed', error });
          },
        )
        .finally(() => {
          aborts.current.delete(abort);
          active.current -= 1;
          pump();
        });
    }
  }, [client, update, usage]);

  const add = useCallback(
    (files: Iterable<File>) => {
      let queued = waiting.current.length + active.current;
      const added = [...files].map((file): UploadItem => {
        const refused = precheck(file, usage, queued);
        const item: UploadItem = { key: `u${++counter}`, file, status: 'waiting', progress: 0 };
        if (refused) return { ...item, status: 'failed', error: refused };
        queued += 1;
        return item;
      });
      setItems((current) => [...added, ...current]);
      waiting.current.push(...added.filter((i) => i.status === 'waiting'));
      pump();
    },
    [pump, usage],
  );

  const clearFinished = () =>
    setItems((current) => current.filter((i) => i.status === 'waiting' || i.status === 'uploading'));

  return { items, add, clearFinished };
}
