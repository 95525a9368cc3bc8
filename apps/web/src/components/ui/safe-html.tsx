import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type SafeHtmlProps = { html: string; className?: string; testId?: string };

// Links that leave the site open in a new window that cannot reach back into it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const PURIFY_OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style'],
};

/** HTML with everything that could run code removed, for rendering operator-written content. */
export const purifyHtml = (html: string): string => DOMPurify.sanitize(html, PURIFY_OPTIONS);

/**
 * Operator-written HTML (notices, announcements, help articles, messages). The server already
 * stores it sanitised; the site sanitises again before inserting it, so a row written around
 * the server's sanitiser still cannot run code in a member's browser (issue 6 item 10).
 */
export const SafeHtml = ({ html, className, testId }: SafeHtmlProps) => {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
  );
};
