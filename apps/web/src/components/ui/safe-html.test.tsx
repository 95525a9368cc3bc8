// Proves that operator HTML keeps its formatting on the page while scripts, event handlers,
// javascript: links and SVG tricks are removed before they reach the document.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purifyHtml, SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('renders formatting and links', () => {
    const { container } = render(
      <SafeHtml html='<p>Hi <b>there</b> <a href="/rng">slots</a></p>' />,
    );
    expect(container.querySelector('b')?.textContent).toBe('there');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/rng');
  });

  it('opens outside links in a new window without a way back', () => {
    const { container } = render(<SafeHtml html='<a href="https://example.com">x</a>' />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('removes scripts, handlers, javascript: links and SVG tricks', () => {
    const html = [
      '<script>window.__xss = 1</script>',
      '<img src="x" onerror="window.__xss = 1">',
      '<a href="javascript:window.__xss = 1">click</a>',
      '<svg><animate onbegin="window.__xss = 1" attributeName="x"/></svg>',
      '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
      '<p style="background:url(javascript:1)">styled</p>',
    ].join('');
    const clean = purifyHtml(html);
    expect(clean).not.toMatch(/script|onerror|onbegin|javascript|iframe|style=/i);
    expect(clean).toContain('click');
    expect(clean).toContain('styled');
  });
});
