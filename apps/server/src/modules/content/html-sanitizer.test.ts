// Proves that stored HTML keeps its simple formatting and loses everything that could run code
// or lead elsewhere unexpectedly: scripts, event attributes, javascript: and protocol-relative
// links, SVG and other foreign markup.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html-sanitizer.ts';

describe('sanitizeHtml', () => {
  it('keeps allowed formatting tags', () => {
    expect(sanitizeHtml('<p>Hello <b>bold</b> <em>now</em><br/></p>')).toBe(
      '<p>Hello <b>bold</b> <em>now</em><br /></p>',
    );
  });

  it('drops scripts and styles with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>b')).toBe('<p>a</p>b');
    expect(sanitizeHtml('x<SCRIPT src=evil>never closed')).toBe('x');
  });

  it('strips event attributes and styles', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://cdn.example/a.png" />',
    );
  });

  it('drops images without a safe address', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>hi')).toBe('hi');
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });

  it('drops SVG, MathML, iframes and forms with their content', () => {
    expect(sanitizeHtml('<svg onload="alert(1)"><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeHtml('<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok')).toBe('ok');
    expect(sanitizeHtml('<iframe src="javascript:alert(1)"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<form action="/x"><button>go</button></form>')).toBe('go');
  });

  it('keeps safe links and opens outside ones in a new window', () => {
    expect(sanitizeHtml('<a href="/rng">slots</a>')).toBe(
      '<a href="/rng" rel="noopener noreferrer">slots</a>',
    );
    expect(sanitizeHtml("<a href='https://example.com/x'>x</a>")).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('removes hrefs that lead to scripts or other hosts in disguise', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '//evil.example',
      '/\\evil.example',
      ' java\nscript:x',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('escapes stray markup characters', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('drops comments', () => {
    expect(sanitizeHtml('a<!-- <script>x</script> -->b')).toBe('ab');
  });
});
