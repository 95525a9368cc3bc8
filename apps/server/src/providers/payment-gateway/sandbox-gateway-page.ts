import type { SandboxPayment } from './sandbox-gateway-store.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

// Self-contained: no script, no font or image from elsewhere (the site's CSP applies).
const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f1ea;color:#1f2328;margin:0;display:grid;
place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:28px;width:min(380px,90vw);
box-shadow:0 8px 24px rgba(0,0,0,.12)}
h1{font-size:1.2rem;margin:0 0 4px}.note{color:#57606a;font-size:.85rem;line-height:1.45}
.amount{font-size:2rem;font-weight:700;margin:16px 0 4px}dl{display:grid;
grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem;margin:16px 0}dt{color:#57606a}
dd{margin:0;word-break:break-all}.error{color:#b42318}.status{font-weight:700}
.actions{display:flex;gap:8px;margin-top:18px}
button{flex:1;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#1a7f37;color:#fff;font-weight:700}.fail{background:#d0d7de;color:#1f2328}
a{color:#0969da}
@media (prefers-color-scheme:dark){body{background:#1f2328;color:#f0f0f0}main{background:#2b3036}
.note,dt{color:#c8ccd0}.fail{background:#454c54;color:#f0f0f0}.error{color:#ff9c8f}a{color:#7cb7ff}}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
  `<body><main>${body}</main></body></html>`;

/** The currency's decimals as ISO 4217 gives them (2 when the runtime does not know it). */
const decimalsOf = (currency: string): number => {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
};

/** Minor units as text with the currency's decimals, by string arithmetic only. */
export const formatSandboxAmount = (amountMinor: string, currency: string): string => {
  const decimals = decimalsOf(currency);
  const digits = amountMinor.padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''} ${currency}`;
};

/**
 * The sandbox checkout: the order and two buttons. Paying or failing settles the payment and
 * sends the signed callback to the merchant; a settled payment offers to send it again (what a
 * real gateway does when a merchant missed its notification).
 */
export const checkoutPage = (payment: SandboxPayment, error?: string): string => {
  const settled = payment.status !== 'pending';
  const buttons = settled
    ? `<button class="pay" name="decision" value="resend" data-testid="sandbox-resend">Send the callback again</button>`
    : `<button class="pay" name="decision" value="pay" data-testid="sandbox-pay">Pay</button>
<button class="fail" name="decision" value="fail" data-testid="sandbox-fail">Fail the payment</button>`;
  return page(
    'Sandbox gateway: checkout',
    `<h1>Sandbox payment gateway</h1>
<p class="note">A local stand-in for a real payment gateway, for development and tests on this
machine. No money moves: paying here only sends the gateway's signed callback.</p>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(formatSandboxAmount(payment.amount_minor, payment.currency))}</p>
<dl><dt>Order</dt><dd data-testid="sandbox-order">${escapeHtml(payment.order_id)}</dd>
<dt>Method</dt><dd>${escapeHtml(payment.method)}</dd>
<dt>Status</dt><dd class="status" data-testid="sandbox-status">${escapeHtml(payment.status)}</dd></dl>
${error ? `<p class="error" role="alert" data-testid="sandbox-error">${escapeHtml(error)}</p>` : ''}
<form method="post"><div class="actions">${buttons}</div></form>
${settled ? `<p class="note"><a href="${escapeHtml(payment.return_url)}" data-testid="sandbox-return">Back to the site</a></p>` : ''}`,
  );
};

export const notFoundPage = (): string =>
  page(
    'Sandbox gateway: not found',
    `<h1>Sandbox payment gateway</h1><p class="error" role="alert">No such payment.</p>`,
  );
