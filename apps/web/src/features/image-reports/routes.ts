import type { RouteObject } from 'react-router';

/** Staff review of image reports: the list behind admin.image.reports.view (specification §2), as is the report itself. */
export const imageReportPages: { path: string; permission: string; lazy: RouteObject['lazy'] }[] = [
  {
    path: 'image-reports',
    permission: 'admin.image.reports.view',
    lazy: () => import('./reports-list.tsx').then((m) => ({ Component: m.ImageReportsList })),
  },
  {
    path: 'image-reports/:id/edit',
    permission: 'admin.image.reports.view',
    lazy: () => import('./report-page.tsx').then((m) => ({ Component: m.ImageReportPage })),
  },
];
