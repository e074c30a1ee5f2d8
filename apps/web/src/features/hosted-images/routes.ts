import type { RouteObject } from 'react-router';
import { loadMessages } from '../../lib/i18n.ts';

/** A page's code and the words of the image pages (the `extra` part of the messages) together. */
const page = <T>(code: Promise<T>) => Promise.all([code, loadMessages('extra')]).then(([m]) => m);

/** The member's image hosting (login required; the images_enabled flag is checked by each page and by the server). */
export const hostedImagePages: { path: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'images',
    lazy: () => page(import('./gallery-page.tsx')).then((m) => ({ Component: m.GalleryPage })),
  },
  {
    path: 'images/upload',
    lazy: () => page(import('./upload-page.tsx')).then((m) => ({ Component: m.UploadPage })),
  },
  {
    path: 'images/config',
    lazy: () => page(import('./config-page.tsx')).then((m) => ({ Component: m.ConfigPage })),
  },
];
