/**
 * How a vendor signs a call to the vendor wallet API (issue 4 item 4). The platform verifies
 * with the same signing string, and a vendor process (the house vendor, apps/house-vendor)
 * signs with `signVendorRequest`, so both sides share this one definition.
 *
 * signature = lowercase hex of HMAC-SHA256(secret, signing string), where the signing string
 * is these lines joined by "\n":
 *
 *   LANNA-HMAC-SHA256
 *   <METHOD>            (POST)
 *   <path>              (as sent, e.g. /vendor/v1/debit)
 *   <timestamp>         (X-Timestamp: Unix time in whole seconds)
 *   <merchant code>     (X-Merchant-Code)
 *   <vendor code>       (X-Vendor-Code)
 *   <body>              (the exact bytes sent, UTF-8; empty when there is no body)
 *
 * The secret's UTF-8 bytes are the HMAC key. The timestamp must lie within the platform's
 * replay window of its clock; within it, a repeated request is answered from the
 * idempotency store, never applied twice.
 */

/** The signature headers, lower-case as Node hands them to a server. */
export const VENDOR_SIGNATURE_HEADERS = {
  merchantCode: 'x-merchant-code',
  vendorCode: 'x-vendor-code',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** The first line of every signing string: names the scheme, so a future one cannot collide. */
export const VENDOR_SIGNATURE_SCHEME = 'LANNA-HMAC-SHA256';

/**
 * The vendor code of Lanna's own game provider (issue 5, apps/house-vendor). It calls this
 * API over HTTP like any vendor, with the secret configured as HOUSE_VENDOR_SECRET.
 */
export const HOUSE_VENDOR_CODE = 'HOUSE';

export type VendorSigningInput = {
  method: string;
  path: string;
  /** Unix time in whole seconds, as sent in X-Timestamp. */
  timestamp: string;
  merchantCode: string;
  vendorCode: string;
  /** The exact body text sent. */
  body: string;
};

export const vendorSigningString = (input: VendorSigningInput): string =>
  [
    VENDOR_SIGNATURE_SCHEME,
    input.method.toUpperCase(),
    input.path,
    input.timestamp,
    input.merchantCode,
    input.vendorCode,
    input.body,
  ].join('\n');

// The contract compiles without DOM or Node types; these are the WebCrypto members used,
// present in every browser and in Node 24 as globals.
type HmacKey = object;
type HmacGlobals = {
  crypto: {
    subtle: {
      importKey(
        format: 'raw',
        key: Uint8Array,
        algorithm: { name: 'HMAC'; hash: 'SHA-256' },
        extractable: false,
        usages: ['sign'],
      ): Promise<HmacKey>;
      sign(algorithm: 'HMAC', key: HmacKey, data: Uint8Array): Promise<ArrayBuffer>;
    };
  };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};
const web = (): HmacGlobals => globalThis as unknown as HmacGlobals;

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The X-Signature of a request: lowercase hex HMAC-SHA256 of its signing string. */
export const signVendorRequest = async (
  secret: string,
  input: VendorSigningInput,
): Promise<string> => {
  const { crypto, TextEncoder } = web();
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(vendorSigningString(input))));
};

/**
 * Every header a signed call needs: the JSON content type and the four signature headers,
 * stamped with `now` (milliseconds; the caller's clock by default).
 */
export const signedVendorHeaders = async (options: {
  secret: string;
  merchantCode: string;
  vendorCode: string;
  method: string;
  path: string;
  body: string;
  now?: number;
}): Promise<Record<string, string>> => {
  const timestamp = String(Math.floor((options.now ?? Date.now()) / 1000));
  const signature = await signVendorRequest(options.secret, { ...options, timestamp });
  return {
    'content-type': 'application/json',
    [VENDOR_SIGNATURE_HEADERS.merchantCode]: options.merchantCode,
    [VENDOR_SIGNATURE_HEADERS.vendorCode]: options.vendorCode,
    [VENDOR_SIGNATURE_HEADERS.timestamp]: timestamp,
    [VENDOR_SIGNATURE_HEADERS.signature]: signature,
  };
};
