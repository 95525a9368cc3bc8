import { OK_CODE, OK_MESSAGE } from '@lanna/contract';
import { compress, COMPRESS_MIN_BYTES, type ContentEncoding } from './content-encoding.ts';

/**
 * An endpoint's value already serialised, with its success envelope: a service that answers
 * the same value again and again (a catalog page) builds the bytes once and sends them as they
 * are, instead of having the response schema walk and stringify the value on every request.
 * `registerEndpoint` sends it; outside production it still checks the value against the
 * endpoint's schema, so tests catch a field the contract does not allow. A client that accepts
 * compression gets a compressed copy, made the first time an encoding is asked for and kept.
 */
export class SerialisedValue<T> {
  /** The value's JSON, for the schema check. */
  readonly json: string;
  /** The whole success envelope as UTF-8. */
  readonly body: Buffer;
  declare private readonly valueType: T;
  private readonly compressed = new Map<ContentEncoding, Buffer>();

  constructor(value: T) {
    this.json = JSON.stringify(value);
    this.body = Buffer.from(
      `{"success":true,"code":${JSON.stringify(OK_CODE)},"message":${JSON.stringify(OK_MESSAGE)},"value":${this.json}}`,
      'utf8',
    );
  }

  /** The body in `encoding`, or null when it is too small to be worth compressing. */
  encoded(encoding: ContentEncoding): Buffer | null {
    if (this.body.length < COMPRESS_MIN_BYTES) return null;
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = compress(this.body, encoding);
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}
