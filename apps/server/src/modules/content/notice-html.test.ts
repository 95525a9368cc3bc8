// Proves that notice HTML keeps its simple formatting and loses everything that could run
// code or lead elsewhere unexpectedly: scripts, event attributes, javascript: and
// protocol-relative links.
import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './notice-html.ts';

describe('sanitizeNoticeHtml', () => {
  it('keeps allowed formatting tags', () => {
    expect(sanitizeNoticeHtml('<p>Hello <b>bold</b> <em>now</em><br/></p>')).toBe(
      '<p>Hello <b>bold</b> <em>now</em><br></p>',
    );
  });

  it('drops scripts and styles with their content', () => {
    expect(sanitizeNoticeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>b')).toBe(
      '<p>a</p>b',
    );
    expect(sanitizeNoticeHtml('x<SCRIPT src=evil>never closed')).toBe('x');
  });

  it('strips every attribute of allowed tags', () => {
    expect(sanitizeNoticeHtml('<p onclick="alert(1)" style="x">t</p>')).toBe('<p>t</p>');
  });

  it('drops unknown tags but keeps their text', () => {
    expect(sanitizeNoticeHtml('<div><img src=x onerror=alert(1)>hi</div>')).toBe('hi');
  });

  it('keeps safe links and marks external ones', () => {
    expect(sanitizeNoticeHtml('<a href="/rng">slots</a>')).toBe(
      '<a href="/rng" rel="noopener noreferrer">slots</a>',
    );
    expect(sanitizeNoticeHtml("<a href='https://example.com/x'>x</a>")).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('removes hrefs that lead to scripts or other hosts in disguise', () => {
    for (const href of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '/&#x2f;evil',
      ' java\nscript:x',
    ]) {
      expect(sanitizeNoticeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('escapes stray markup characters and keeps entities', () => {
    expect(sanitizeNoticeHtml('1 < 2 & 3 > 2 &amp; "q"')).toBe(
      '1 &#60; 2 &#38; 3 &#62; 2 &amp; &#34;q&#34;',
    );
  });

  it('drops comments', () => {
    expect(sanitizeNoticeHtml('a<!-- <script>x</script> -->b')).toBe('ab');
  });
});
