/**
 * Notices are HTML that the site renders as HTML (spec section 3), so what is stored must be
 * safe to insert into the page. This sanitiser never passes markup through: it re-emits only
 * the tags it allows, without attributes except a checked `href`, and escapes everything else.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'span',
  'a',
]);
const VOID_TAGS = new Set(['br']);
/** Elements whose content is code or foreign markup, not text: dropped with their content. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
  'head',
]);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
// http(s) addresses, site paths (not protocol-relative) and fragments; nothing that could be
// an entity-encoded or backslashed way to another scheme or host.
const SAFE_HREF = /^(?:https?:\/\/[^\s"'<>\\&]+|\/(?![/\\])[^\s"'<>\\&]*|#[\w-]*)$/i;

const escapeText = (text: string): string =>
  text.replace(/[&<>"']/g, (char, offset: number) => {
    if (char === '&' && ENTITY.test(text.slice(offset))) return '&';
    return `&#${char.charCodeAt(0)};`;
  });

const openAnchor = (attributes: string): string => {
  const match = HREF.exec(attributes);
  const href = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  if (!SAFE_HREF.test(href)) return '<a>';
  const external = /^https?:/i.test(href) ? ' target="_blank"' : '';
  return `<a href="${href}"${external} rel="noopener noreferrer">`;
};

const emitTag = (closing: boolean, name: string, attributes: string): string => {
  if (!ALLOWED_TAGS.has(name)) return '';
  if (closing) return VOID_TAGS.has(name) ? '' : `</${name}>`;
  return name === 'a' ? openAnchor(attributes) : `<${name}>`;
};

/** Index just past the element's closing tag, or the end of input when it is never closed. */
const skipElement = (html: string, from: number, name: string): number => {
  const close = new RegExp(`</${name}\\s*>`, 'ig');
  close.lastIndex = from;
  const found = close.exec(html);
  return found ? found.index + found[0].length : html.length;
};

export const sanitizeNoticeHtml = (html: string): string => {
  let out = '';
  let cursor = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    out += escapeText(html.slice(cursor, match.index));
    cursor = match.index + match[0].length;
    const name = (match[2] ?? '').toLowerCase();
    if (!name) continue; // a comment
    const closing = match[1] === '/';
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      cursor = skipElement(html, cursor, name);
      TOKEN.lastIndex = cursor;
      continue;
    }
    out += emitTag(closing, name, match[3] ?? '');
  }
  return out + escapeText(html.slice(cursor));
};
