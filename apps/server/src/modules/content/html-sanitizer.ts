import sanitize from 'sanitize-html';

/**
 * Every HTML field the site renders as HTML (notices, announcements, help articles, messages)
 * passes through here before it is stored (issue 6 item 10), so what the database holds is
 * already safe to insert into a page; the site sanitises again when it renders. The policy is
 * an allow-list: simple formatting, lists, tables, links to http(s) addresses or paths of the
 * site, and images from the same; no attributes that can run code, no styles, no SVG or MathML.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'span',
  'div',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'a',
  'img',
];

/** An address of this site: a path, but not a protocol-relative or backslashed host. */
const SITE_PATH = /^\/(?![/\\])/;

const isExternal = (href: string): boolean => /^https?:/i.test(href);

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Elements whose content is code or foreign markup are dropped with what they hold.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!isExternal(href) && !SITE_PATH.test(href) && !href.startsWith('#')) {
        return { tagName, attribs: {} };
      }
      // Outside addresses open in a new window that cannot reach back into the site.
      const attributes: sanitize.Attributes = isExternal(href)
        ? { href, target: '_blank', rel: 'noopener noreferrer' }
        : { href, rel: 'noopener noreferrer' };
      return { tagName, attribs: attributes };
    },
    img: (tagName, attribs): sanitize.Tag => {
      const src = (attribs.src ?? '').trim();
      const safe = /^https:\/\//i.test(src) || SITE_PATH.test(src);
      return { tagName, attribs: safe ? { ...attribs, src } : {} };
    },
  },
  // An image without a usable address is no image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML, safe to store and to insert into a page. */
export const sanitizeHtml = (html: string): string => sanitize(html, OPTIONS);
