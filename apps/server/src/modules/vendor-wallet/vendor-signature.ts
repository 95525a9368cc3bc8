import { createHmac, timingSafeEqual } from 'node:crypto';
import { vendorSigningString, type VendorSigningInput } from '@lanna/contract';

export type SignatureVerdict = 'valid' | 'VENDOR_SIGNATURE_INVALID' | 'VENDOR_TIMESTAMP_INVALID';

const SIGNATURE = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

// An HMAC is a pure function: a secret once found to sign a text with a signature always does.
// A vendor repeating a callback sends the same text and signature again, so the pairs verified
// last are kept by signature, and a repeat is checked by comparing its text and seeing that the
// secret still signs for the credential, without computing the HMAC again. Bounded: past this
// many the oldest is dropped.
const VERIFIED_KEPT = 10_000;
const verified = new Map<string, { secret: string; text: string }>();

const keepVerified = (signature: string, secret: string, text: string): void => {
  if (verified.size >= VERIFIED_KEPT && !verified.has(signature)) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(signature, { secret, text });
};

/**
 * Checks a vendor request's X-Signature against each active secret of its credential (at most
 * two while a rotation is under way), in constant time, and its X-Timestamp against the
 * replay window. The HMAC is node:crypto's, over the contract's signing string: the same
 * bytes `signVendorRequest` signs with WebCrypto.
 */
export const verifyVendorSignature = (options: {
  secrets: readonly string[];
  input: VendorSigningInput;
  signature: string;
  nowMs: number;
  windowSeconds: number;
}): SignatureVerdict => {
  const { input, signature } = options;
  if (!TIMESTAMP.test(input.timestamp)) return 'VENDOR_TIMESTAMP_INVALID';
  if (Math.abs(options.nowMs / 1000 - Number(input.timestamp)) > options.windowSeconds)
    return 'VENDOR_TIMESTAMP_INVALID';
  if (!SIGNATURE.test(signature)) return 'VENDOR_SIGNATURE_INVALID';
  const text = vendorSigningString(input);
  const known = verified.get(signature);
  if (known && known.text === text && options.secrets.includes(known.secret)) return 'valid';
  const given = Buffer.from(signature, 'hex');
  let signer: string | null = null;
  // Every secret is tried, so the time taken does not tell which one matched.
  for (const secret of options.secrets) {
    const expected = createHmac('sha256', secret).update(text, 'utf8').digest();
    if (timingSafeEqual(expected, given)) signer = secret;
  }
  if (signer === null) return 'VENDOR_SIGNATURE_INVALID';
  keepVerified(signature, signer, text);
  return 'valid';
};
