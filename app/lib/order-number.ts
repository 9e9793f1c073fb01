// The shop's order-number format (SPEC): made at checkout, typed back by customers in support and chat.

// No 0/O, 1/I/L, so a number read out over the phone cannot be misheard.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A human-friendly, non-sequential order number like KK-7Q4M-9XHD (31^8 ≈ 8.5·10^11 possibilities). */
export function orderNumber(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(16);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 8 × 31
    out += ALPHABET[b % 31];
    if (out.length === 8) break;
  }
  if (out.length < 8) return orderNumber(randomBytes);
  return `KK-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** Accepts what a customer types: any case, spaces, with or without dashes and the KK prefix. */
export function normaliseOrderNumber(input: string): string | null {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  const body = raw.startsWith('KK') ? raw.slice(2) : raw;
  if (body.length !== 8 || [...body].some((c) => !ALPHABET.includes(c))) return null;
  return `KK-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** What an order-status link is made of: the shop's origin and the secret that signs number and e-mail. */
export type OrderLinks = { origin: string; secret: string };
