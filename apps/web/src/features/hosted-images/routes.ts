import type { RouteObject } from 'react-router';

/** The member's image hosting (login required; the images_enabled flag is checked by each page and by the server). */
export const hostedImagePages: { path: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'images',
    lazy: () => import('./gallery-page.tsx').then((m) => ({ Component: m.GalleryPage })),
  },
  {
    path: 'images/upload',
    lazy: () => import('./upload-page.tsx').then((m) => ({ Component: m.UploadPage })),
  },
  {
    path: 'images/config',
    lazy: () => import('./config-page.tsx').then((m) => ({ Component: m.ConfigPage })),
  },
];
