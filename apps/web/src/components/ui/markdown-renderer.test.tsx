import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownRenderer as Markdown } from './markdown-renderer';

const render = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('Markdown', () => {
  it('renders headings below the page headings, emphasis, lists and quotes', () => {
    const html = render(
      '# Brand voice\n\nWe are **warm** and *clear*.\n\n- One\n- Two\n\n1. First\n\n> Quote',
    );
    expect(html).toContain('<h3 class="text-lg font-bold text-slate-900">Brand voice</h3>');
    expect(html).toContain('<strong>warm</strong>');
    expect(html).toContain('<em>clear</em>');
    expect(html).toMatch(/<ul class="list-disc[^"]*">\s*<li>One<\/li>\s*<li>Two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol class="list-decimal[^"]*">\s*<li>First<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote[^>]*>\s*<p>Quote<\/p>\s*<\/blockquote>/);
  });

  it('numbers the headings from h3 without skipping a level, whatever levels the text uses', () => {
    const html = render('## Safety first\n\nText.\n\n#### Exits\n\nMore.\n\n## Gear');
    expect(html.match(/<h\d/g)).toEqual(['<h3', '<h4', '<h3']);
    expect(html).toContain('>Safety first</h3>');
    expect(html).toContain('>Exits</h4>');
  });

  it('opens external links in a new tab and keeps in-app links in place', () => {
    const html = render('[Guide](https://example.com/guide) and [projects](/projects)');
    expect(html).toMatch(
      /<a href="https:\/\/example.com\/guide"[^>]*target="_blank" rel="noopener noreferrer"[^>]*>Guide<\/a>/,
    );
    expect(html).toMatch(/<a href="\/projects" class="[^"]*">projects<\/a>/);
  });

  it('never renders raw HTML, scripts or javascript: links', () => {
    const html = render(
      '<img src=x onerror="alert(1)"> <b>bold</b>\n\n[click](javascript:alert(1))\n\n![pic](https://example.com/a.png)',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<span>click</span>');
  });

  it('renders GitHub tables and strikethrough', () => {
    const html = render('| Step | Points |\n| --- | --- |\n| Share | 10 |\n\n~~old~~');
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*>Step<\/th>.*<td[^>]*>10<\/td>/s);
    expect(html).toContain('<del>old</del>');
  });
});
