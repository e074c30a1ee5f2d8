import { type EmbedSettings, imageReportReasons } from '@hostdeck/contracts';
import type { PageText } from './hosted-images.page-text.ts';
import type { HostedImageRow } from './hosted-images.urls.ts';

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** Text for HTML: element content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The embed's title or description with its placeholders filled (escaped later, with everything else). */
export function fillPlaceholders(template: string, image: HostedImageRow, username: string): string {
  const values: Record<string, string> = {
    '{username}': username,
    '{filename}': `${image.name}.${image.extension}`,
    '{size}': humanSize(image.size),
    '{width}': String(image.width),
    '{height}': String(image.height),
    '{date}': image.createdAt.toISOString().slice(0, 10),
  };
  return template.replace(/\{(username|filename|size|width|height|date)\}/g, (p) => values[p]!);
}

/** The page's Content-Security-Policy: nothing but its own nonce'd style and script (and Turnstile when on). */
export function pageCsp(nonce: string, turnstile: boolean): string {
  const cf = turnstile ? ' https://challenges.cloudflare.com' : '';
  return [
    "default-src 'none'",
    "img-src 'self'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'${cf}`,
    "connect-src 'self'",
    ...(turnstile ? ['frame-src https://challenges.cloudflare.com'] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;background:#0f1115;color:#e5e7eb;font:15px/1.5 system-ui,sans-serif;padding:16px}img{max-width:100%;max-height:85vh;height:auto;border-radius:8px}.bar{display:flex;gap:12px;align-items:center;justify-content:space-between;width:100%;max-width:900px}.name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#9ca3af}button{font:inherit;border:0;border-radius:6px;padding:6px 14px;cursor:pointer;background:#374151;color:#f9fafb}button[type=submit]{background:#b91c1c}button:focus-visible,select:focus-visible,textarea:focus-visible{outline:2px solid #60a5fa;outline-offset:2px}dialog{border:0;border-radius:10px;background:#1f2937;color:#e5e7eb;width:min(420px,92vw)}dialog::backdrop{background:#000a}form{display:flex;flex-direction:column;gap:10px}label{display:flex;flex-direction:column;gap:4px}select,textarea{font:inherit;border-radius:6px;border:1px solid #4b5563;background:#111827;color:inherit;padding:6px}.actions{display:flex;gap:8px;justify-content:flex-end}h1,h2{margin:0;font-size:1.2rem}`;

const SCRIPT = `(()=>{const d=document,g=(i)=>d.getElementById(i),dlg=g('report'),f=g('report-form'),st=g('report-status');g('report-open').addEventListener('click',()=>dlg.showModal());g('report-cancel').addEventListener('click',()=>dlg.close());f.addEventListener('submit',async(e)=>{e.preventDefault();const fd=new FormData(f),body={reason:fd.get('reason'),note:String(fd.get('note')||'')},t=fd.get('cf-turnstile-response');if(t)body.turnstile_token=String(t);const c=(d.cookie.match(/(?:^|; )csrf_token=([^;]*)/)||[])[1]||'';let r=null,code='';try{r=await fetch(f.dataset.action,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json','x-csrf-token':decodeURIComponent(c)},body:JSON.stringify(body)});if(!r.ok)code=(await r.json().catch(()=>({}))).error_code||''}catch{}const ok=r&&r.ok;st.textContent=ok?f.dataset.sent:code==='IMAGE_REPORT_DUPLICATE'?f.dataset.duplicate:code==='RATE_LIMITED'?f.dataset.limited:code.startsWith('TURNSTILE')?f.dataset.human:f.dataset.failed;if(ok)f.querySelector('[type=submit]').disabled=true})})();`;

export interface ImagePage {
  image: HostedImageRow;
  username: string;
  embed: EmbedSettings;
  pageUrl: string;
  directUrl: string;
  lang: string;
  text: PageText;
  nonce: string;
  /** The Turnstile site key when Turnstile is on (the report form then carries its widget). */
  turnstileSiteKey: string | null;
}

const meta = (attr: 'property' | 'name', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** The viewer: OpenGraph and Twitter card tags from the owner's embed settings, the picture, a report form. */
export function renderImagePage(p: ImagePage): string {
  const { image, embed, text: tx, nonce } = p;
  const file = `${image.name}.${image.extension}`;
  const title = embed.enabled ? fillPlaceholders(embed.title, image, p.username) || file : file;
  const description = embed.enabled ? fillPlaceholders(embed.description, image, p.username) : '';
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', p.pageUrl),
    meta('property', 'og:image', p.directUrl),
    meta('property', 'og:image:type', image.contentType),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', p.directUrl),
    ...(embed.enabled
      ? [
          meta('property', 'og:title', title),
          meta('name', 'twitter:title', title),
          ...(description
            ? [meta('property', 'og:description', description), meta('name', 'twitter:description', description)]
            : []),
          ...(embed.site_name ? [meta('property', 'og:site_name', embed.site_name)] : []),
          meta('name', 'theme-color', embed.color),
        ]
      : []),
  ];
  const reasons = imageReportReasons.map((r) => `<option value="${r}">${escapeHtml(tx.reasons[r])}</option>`).join('');
  const turnstile = p.turnstileSiteKey
    ? `<div class="cf-turnstile" data-sitekey="${escapeHtml(p.turnstileSiteKey)}"></div>`
    : '';
  const data = (k: string, v: string) => ` data-${k}="${escapeHtml(v)}"`;
  return `<!doctype html><html lang="${p.lang === 'md' ? 'ro-MD' : p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>${tags.join('')}<style nonce="${nonce}">${STYLE}</style></head><body><img src="/i/${image.id}.${image.extension}" alt="${escapeHtml(file)}" width="${image.width}" height="${image.height}"><div class="bar"><span class="name">${escapeHtml(file)}</span><button type="button" id="report-open">${escapeHtml(tx.report)}</button></div><dialog id="report" aria-labelledby="report-title"><form id="report-form"${data('action', `/api/images/${image.id}/report`)}${data('sent', tx.sent)}${data('failed', tx.failed)}${data('duplicate', tx.duplicate)}${data('limited', tx.limited)}${data('human', tx.human)}><h2 id="report-title">${escapeHtml(tx.reportTitle)}</h2><label>${escapeHtml(tx.reason)}<select name="reason" required>${reasons}</select></label><label>${escapeHtml(tx.note)}<textarea name="note" maxlength="1000" rows="3"></textarea></label>${turnstile}<p id="report-status" role="status"></p><div class="actions"><button type="button" id="report-cancel">${escapeHtml(tx.cancel)}</button><button type="submit">${escapeHtml(tx.send)}</button></div></form></dialog><script nonce="${nonce}">${SCRIPT}</script>${p.turnstileSiteKey ? `<script nonce="${nonce}" src="${TURNSTILE_SCRIPT}" async defer></script>` : ''}</body></html>`;
}

/** The answer for an unknown or removed image. */
export function renderNotFoundPage(lang: string, tx: PageText, nonce: string): string {
  return `<!doctype html><html lang="${lang === 'md' ? 'ro-MD' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(tx.notFound)}</title><style nonce="${nonce}">${STYLE}</style></head><body><h1>${escapeHtml(tx.notFound)}</h1><p>${escapeHtml(tx.notFoundText)}</p></body></html>`;
}
