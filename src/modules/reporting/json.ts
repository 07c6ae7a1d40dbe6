/**
 * Writing JSON bytes directly. A report that is large and regular (the
 * ad-group report: 2,000 groups × up to 365 days, ~7 MB) is written into one
 * buffer instead of building an object graph for Fastify to stringify (or a
 * tree of small strings, whose garbage cost more than the writing); the route
 * sends the bytes as is with `content-type: application/json`. Everything
 * here writes exactly what JSON.stringify writes for the same value.
 */
export class JsonBody {
  constructor(readonly bytes: Buffer) {}
  /** The value, for callers that want the object (the MCP tools). */
  parse(): unknown {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}

/** Literal JSON text as bytes, for `JsonWriter.raw`. */
export const literal = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

const POW = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const POW10 = Array.from({ length: 17 }, (_, i) => 10 ** i);

export class JsonWriter {
  private buf: Buffer;
  private len = 0;

  /** `expect`: the likely size in bytes (the buffer grows past it when needed). */
  constructor(expect = 1 << 16) {
    this.buf = Buffer.allocUnsafe(Math.max(256, Math.min(expect, 1 << 24)));
  }

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  /** Literal JSON text, pre-encoded (see `literal`): keys, punctuation. */
  raw(bytes: Uint8Array): this {
    const n = bytes.length;
    this.room(n);
    if (n > 16) this.buf.set(bytes, this.len);
    else for (let i = 0, p = this.len; i < n; i++) this.buf[p + i] = bytes[i];
    this.len += n;
    return this;
  }

  /** Literal JSON text given as a string (encoded on each call; `raw` for the hot path). */
  text(s: string): this {
    this.room(s.length * 3);
    this.len += this.buf.write(s, this.len, 'utf8');
    return this;
  }

  /** A JSON string literal. */
  string(s: string): this {
    return this.text(JSON.stringify(s));
  }

  /** A number as JSON writes it (numbers that are not finite become null, as in JSON.stringify). */
  number(v: number): this {
    if (Number.isSafeInteger(v)) return this.digits(v, 0, 0);
    return this.text(Number.isFinite(v) ? String(v) : 'null');
  }

  /**
   * A number already rounded to `places` (≤ 6) decimals — a rate, dollars
   * from micros — as JSON writes it (12.5, 0.000001, 3), without V8's
   * shortest-round-trip float printing.
   *
   * Exact: when v is the double nearest to n / 10^places for an integer
   * |n| < 10^15, that decimal has at most 15 significant digits, so no
   * shorter decimal reads back as v (15 digits always survive a double) and
   * it is what Number#toString prints (plainly: |v| ≥ 10^-6). Anything else
   * is written by String(v).
   */
  fixed(v: number, places: number): this {
    const f = POW[places];
    const n = Math.round(v * f);
    if (n / f !== v || n >= 1e15 || n <= -1e15) return this.number(v);
    return this.digits(n, places, f);
  }

  /** An integer n (|n| < 2^53) divided by 10^places, trailing fraction zeros dropped. */
  private digits(n: number, places: number, f: number): this {
    this.room(24);
    const b = this.buf;
    let a = n;
    if (a < 0) {
      b[this.len++] = 45; // '-'
      a = -a;
    }
    let frac = places > 0 ? a % f : 0;
    const whole = (a - frac) / (places > 0 ? f : 1);
    let p = this.len;
    // Whole part, right to left (every step exact: integers below 2^53).
    let width = 1;
    while (width < 16 && whole >= POW10[width]) width++;
    for (let i = width - 1, x = whole; i >= 0; i--) {
      const d = x % 10;
      b[p + i] = 48 + d;
      x = (x - d) / 10;
    }
    p += width;
    if (frac > 0) {
      b[p++] = 46; // '.'
      let keep = places;
      while (frac % 10 === 0) {
        frac /= 10;
        keep--;
      }
      for (let i = keep - 1, x = frac; i >= 0; i--) {
        const d = x % 10;
        b[p + i] = 48 + d;
        x = (x - d) / 10;
      }
      p += keep;
    }
    this.len = p;
    return this;
  }

  /** The bytes written (a view; the writer is not used after). */
  done(): Buffer {
    return this.buf.subarray(0, this.len);
  }
}
