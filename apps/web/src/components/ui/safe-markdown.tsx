import type { ComponentProps } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';

/**
 * The one Markdown renderer of the panel (announcements, legal pages and the editors' previews): text
 * written by staff, shown to everybody, so nothing in it may run. Raw HTML is dropped (no rehype-raw),
 * only plain formatting elements survive, links go to http/https/mailto only and images come from
 * http(s) only; everything else loses its address.
 */
const allowedElements = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'img',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
];
const linkProtocols = new Set(['http:', 'https:', 'mailto:']);
const imageProtocols = new Set(['http:', 'https:']);

/**
 * The address an element may keep, or '' when it may not. Relative addresses resolve against this
 * page (so they are http(s) too); the parsed, absolute form is what gets rendered, so what was checked
 * is exactly what the browser follows.
 */
export const safeUrl: UrlTransform = (url, key, node) => {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), window.location.href);
  } catch {
    return '';
  }
  const allowed = key === 'href' && node.tagName === 'a' ? linkProtocols : imageProtocols;
  return allowed.has(parsed.protocol) ? parsed.href : '';
};

/**
 * Headings move one level down (# is an h2, ###### stays an h6): the page around the Markdown has
 * its own h1 (the announcement's or the page's title), and a page has one h1.
 */
const headings: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h6>{children}</h6>,
  h6: ({ children }) => <h6>{children}</h6>,
};

const components: Components = {
  ...headings,
  // An unsafe address was emptied: the words stay, as plain text.
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
    ) : null,
};

const look =
  'flex flex-col gap-3 leading-relaxed break-words [&_a]:text-brand-600 [&_a]:underline dark:[&_a]:text-brand-300 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 dark:[&_blockquote]:border-slate-700 dark:[&_blockquote]:text-slate-400 [&_code]:rounded [&_code]:bg-slate-500/15 [&_code]:px-1 [&_code]:text-[0.9em] [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_hr]:border-slate-300 dark:[&_hr]:border-slate-700 [&_img]:max-h-96 [&_img]:rounded-xl [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-500/10 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-6';

/** Markdown from staff, rendered safely (see above). */
export function SafeMarkdown({
  children,
  className = '',
  ...rest
}: { children: string; className?: string } & Omit<ComponentProps<'div'>, 'children'>) {
  return (
    <div className={`${look} ${className}`} {...rest}>
      <Markdown skipHtml allowedElements={allowedElements} urlTransform={safeUrl} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
