import { escapeHtml } from '../../shared/html.ts';

// Self-contained: no script, no font or image from elsewhere (the site's CSP applies).
const STYLE = `
body{font-family:system-ui,sans-serif;background:#1f2328;color:#f0f0f0;margin:0;display:grid;
place-items:center;min-height:100vh}
main{background:#2b3036;border-radius:12px;padding:28px;width:min(360px,90vw);
box-shadow:0 8px 24px rgba(0,0,0,.4)}
h1{font-size:1.3rem;margin:0 0 8px}p{color:#c8ccd0;line-height:1.45;font-size:.92rem}
label{display:block;margin:16px 0 6px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:10px;border-radius:8px;border:1px solid #59616b;
background:#1f2328;color:inherit;font-size:1rem}
.error{color:#ff9c8f}.actions{display:flex;gap:8px;margin-top:18px}
button{flex:1;padding:10px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.allow{background:#d4a72c;color:#1f2328;font-weight:700}.deny{background:#454c54;color:inherit}
code{background:#1f2328;padding:1px 5px;border-radius:4px}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
  `<body><main>${body}</main></body></html>`;

/**
 * The local provider's sign-in page: type a name, then allow (or deny) the site to know it.
 * Whoever types a name signs in as that name's person: it stands in for a real provider's
 * login on this machine only (decision 006).
 */
export const signInPage = (input: {
  action: string;
  clientId: string;
  scopes: readonly string[];
  name?: string;
  error?: string;
}): string =>
  page(
    'Local ID: sign in',
    `<h1>Local ID</h1>
<p>The local OpenID provider of this Lanna server, for development and tests. Type any name to
sign in as that person; the same name is the same person next time.</p>
<form method="post" action="${escapeHtml(input.action)}">
<label for="name">Your name</label>
<input id="name" name="name" autocomplete="off" maxlength="40" required autofocus
 value="${escapeHtml(input.name ?? '')}" data-testid="local-oidc-name">
${input.error ? `<p class="error" role="alert" data-testid="local-oidc-error">${escapeHtml(input.error)}</p>` : ''}
<p><code>${escapeHtml(input.clientId)}</code> asks to know: ${input.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ')}</p>
<div class="actions">
<button class="allow" name="decision" value="allow" data-testid="local-oidc-allow">Allow and sign in</button>
<button class="deny" name="decision" value="deny" formnovalidate data-testid="local-oidc-deny">Deny</button>
</div>
</form>`,
  );

/** What the local provider shows when a request to it fails (never a stack or a secret). */
export const errorPage = (error: string, description?: string): string =>
  page(
    'Local ID: error',
    `<h1>Local ID</h1><p class="error" role="alert" data-testid="local-oidc-error">` +
      `${escapeHtml(error)}${description ? `: ${escapeHtml(description)}` : ''}</p>` +
      `<p>Go back to the site and start the sign-in again.</p>`,
  );
