import { createHmac, timingSafeEqual } from 'node:crypto';
import { vendorSigningString, type VendorSigningInput } from '@lanna/contract';

export type SignatureVerdict = 'valid' | 'VENDOR_SIGNATURE_INVALID' | 'VENDOR_TIMESTAMP_INVALID';

const SIGNATURE = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

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
  const given = Buffer.from(signature, 'hex');
  const text = vendorSigningString(input);
  let valid = false;
  // Every secret is tried, so the time taken does not tell which one matched.
  for (const secret of options.secrets) {
    const expected = createHmac('sha256', secret).update(text, 'utf8').digest();
    valid = timingSafeEqual(expected, given) || valid;
  }
  return valid ? 'valid' : 'VENDOR_SIGNATURE_INVALID';
};
