import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestClient } from './client.ts';

/** A department made by staff holding admin.root (`client`), enabled unless said otherwise. */
export async function department(
  admin: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; name: string; updated_at: string }> {
  const res = await admin.post('/api/admin/departments', {
    name: `Dept ${Math.random().toString(36).slice(2, 10)}`,
    description: 'Billing questions',
    opening_hours: 'Mon–Fri 09:00–17:00 UTC',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`department: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export interface FormFile {
  name: string;
  type: string;
  bytes: Buffer | string;
  field?: string;
}

/**
 * A multipart/form-data body as a browser sends it (serialised by the platform's own FormData),
 * with the declared type and name of each file exactly as given.
 */
export async function multipart(
  fields: Record<string, string | number | boolean>,
  files: FormFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files)
    form.append(f.field ?? 'attachments', new Blob([Buffer.from(f.bytes)], { type: f.type }), f.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** POST a multipart form with the client's cookies and CSRF header. */
export async function postForm(
  client: TestClient,
  url: string,
  fields: Record<string, string | number | boolean>,
  files: FormFile[] = [],
) {
  const { payload, headers } = await multipart(fields, files);
  return client.post(url, payload, { headers });
}

/** A real PNG picture (a screenshot stand-in). */
export const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A member's ticket opened through the API (JSON, no files). */
export async function openTicket(
  client: TestClient,
  departmentId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; status: string }> {
  const res = await client.post('/api/tickets', {
    department_id: departmentId,
    subject: 'My server does not start',
    priority: 'high',
    message: 'It crashes on boot.',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Switches tickets on or off (and other settings) for the app. */
export const setSettings = (app: FastifyInstance, values: Record<string, string | number | boolean>) =>
  app.ctx.settings.update(values);
