import { type MailTemplateKey, mailGlobalVariables, mailTemplateVariables } from './mail.ts';

/**
 * Mail template rendering, shared by the API (the outbox) and the admin editor (its live preview),
 * so both show exactly the same result. No dependencies: it runs in Node and in the browser.
 */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Placeholders the template may not use: rendered as empty. */
  warnings: string[];
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The variables a template may use: its own, then the global ones. */
export function allowedMailVariables(key: MailTemplateKey): string[] {
  return [...mailTemplateVariables[key], ...mailGlobalVariables];
}

/** Names used in `{{…}}` placeholders that are not allowed, each once, in order of appearance. */
export function unknownMailVariables(source: string, allowed: readonly string[]): string[] {
  const known = new Set(allowed);
  const unknown: string[] = [];
  for (const m of source.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

function fill(source: string, allowed: Set<string>, vars: Record<string, string | number>, html: boolean): string {
  return source.replace(PLACEHOLDER, (_all, name: string) => {
    if (!allowed.has(name)) return '';
    const value = vars[name];
    const text = value === undefined || value === null ? '' : String(value);
    return html ? escapeHtml(text) : text;
  });
}

/**
 * The brand at the top of a mail: the app_logo image (an http(s) address; anything else is left out)
 * beside the name, or the name alone.
 */
function mailBrand(name: string, logo: string): string {
  if (!/^https?:\/\//i.test(logo)) return name;
  return `<img src="${escapeHtml(logo)}" alt="" height="32" style="height:32px;max-width:160px;vertical-align:middle;border:0;margin-right:10px;">${name}`;
}

/** The frame every mail is put in: brand on top, footer below; narrow screens get the full width. */
export function mailLayout(body: string, vars: Record<string, string | number>): string {
  const name = escapeHtml(String(vars.app_name ?? ''));
  const url = escapeHtml(String(vars.app_url ?? ''));
  const brand = mailBrand(name, String(vars.app_logo ?? '').trim());
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:700;color:#4f46e5;">${brand}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6;">
${body}
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#6b7280;text-align:center;">${name} · <a href="${url}" style="color:#6b7280;">${url}</a></p>
</td></tr>
</table>
</body></html>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** The plain-text part of a mail, derived from its HTML: blocks become lines, links show their address. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*?href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a\s*>/gi, (_all, href: string, label: string) => {
      const inner = label.replace(/<[^>]*>/g, '').trim();
      const target = decodeEntities(href);
      if (!/^(https?:|mailto:)/i.test(target)) return inner;
      return inner && decodeEntities(inner) !== target ? `${inner} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|table|ul|ol|blockquote|pre)\s*>/gi, '\n\n')
    .replace(/<\/(div|tr)\s*>/gi, '\n')
    // A table row's cells apart ("Your balance: 1010 coins", not "Your balance1010 coins").
    .replace(/<\/t[dh]\s*>(?=\s*<t[dh]\b)/gi, ': ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Renders a template: `{{name}}` placeholders are replaced by the values (HTML-escaped in the HTML
 * part), unknown names render as empty and are reported in `warnings`, never an error.
 */
export function renderMailTemplate(
  key: MailTemplateKey,
  source: { subject: string; html: string },
  vars: Record<string, string | number>,
): RenderedMail {
  const allowedList = allowedMailVariables(key);
  const allowed = new Set(allowedList);
  const warnings = unknownMailVariables(`${source.subject}\n${source.html}`, allowedList);
  // A subject is one header line: no line breaks from a value.
  const subject = fill(source.subject, allowed, vars, false)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = mailLayout(fill(source.html, allowed, vars, true), vars);
  return { subject, html, text: htmlToText(html), warnings };
}
