/**
 * A plugin's stylesheet, limited to its own components: the panel renders each of them inside
 * `<div data-plugin="<identifier>">`, and the whole sheet is nested under that selector (CSS
 * nesting), so `.card {…}` in a plugin styles only that plugin's cards. At-rules that cannot be
 * nested (@import, @font-face, @keyframes, @charset) are dropped: a plugin cannot load other sheets.
 */
export function scopeCss(css: string, identifier: string): string {
  const cleaned = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@(import|charset)[^;]*;/gi, '')
    .replace(/@(font-face|keyframes|-webkit-keyframes)[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/gi, '')
    // Nothing may close the wrapper early.
    .replace(/<\/?style/gi, '');
  let depth = 0;
  for (const ch of cleaned) {
    if (ch === '{') depth += 1;
    else if (ch === '}' && --depth < 0) return '';
  }
  if (depth !== 0) return '';
  return `[data-plugin="${identifier}"] {\n${cleaned}\n}\n`;
}
