import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './safe-markdown.tsx';

const hostile = [
  '# News',
  '<script>window.hacked = true</script>',
  '<img src=x onerror="window.hacked = true">',
  '<a href="https://example.com" onclick="window.hacked = true">raw link</a>',
  '[js link](javascript:alert(1)) [mixed case](JaVaScRiPt:alert(1)) [entity](&#106;avascript:alert(1))',
  '[data link](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox(1)) <javascript:alert(3)>',
  '![tracker](javascript:alert(2)) ![inline](data:image/svg+xml;base64,PHN2Zz4=)',
  'Plain **bold** text with <b>raw tags</b> and <iframe src="https://evil.example"></iframe>',
].join('\n\n');

const renderMd = (text: string) => render(<SafeMarkdown>{text}</SafeMarkdown>).container;

describe('the safe Markdown renderer', () => {
  it('renders script, event handlers, raw HTML and javascript:/data: addresses as nothing executable', () => {
    const root = renderMd(hostile);
    expect(root.querySelector('h2')).toHaveTextContent('News');
    expect(root.querySelector('strong')).toHaveTextContent('bold');
    expect(root.querySelectorAll('script, iframe, b, [onerror], [onclick], [style]')).toHaveLength(0);
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name, el.outerHTML).not.toMatch(/^on/i);
        expect(attr.value, el.outerHTML).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      }
    }
    expect(root.innerHTML).not.toMatch(/<script|<iframe|\son\w+=|href="\s*javascript/i);
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelectorAll('img')).toHaveLength(0);
    // The words of a refused link stay, as plain text.
    expect(screen.getByText('js link').tagName).toBe('SPAN');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps http, https and mailto links, opening them with noopener noreferrer nofollow', () => {
    const root = renderMd(
      '[site](https://example.com/a?b=1) [plain](http://example.org) [mail](mailto:team@example.com)',
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://example.org/',
      'mailto:team@example.com',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      expect(a).toHaveAttribute('target', '_blank');
    }
  });

  it('moves every heading one level down, so the page keeps its one h1', () => {
    const root = renderMd('# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six');
    expect(root.querySelectorAll('h1')).toHaveLength(0);
    expect([...root.querySelectorAll('h2, h3, h4, h5, h6')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H2 One',
      'H3 Two',
      'H4 Three',
      'H5 Four',
      'H6 Five',
      'H6 Six',
    ]);
  });

  it('shows http(s) images only, lazily and with their alt text', () => {
    const root = renderMd('![map](https://cdn.example.com/map.png) ![mail](mailto:x@example.com)');
    const images = [...root.querySelectorAll('img')];
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://cdn.example.com/map.png');
    expect(images[0]).toHaveAttribute('alt', 'map');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
  });
});
