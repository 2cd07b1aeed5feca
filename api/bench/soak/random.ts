/**
 * The soak's draws: a PRNG seeded by `--seed` (one stream per user, stream 0 for the setup), and
 * what turns a draw into a choice. Every decision of the soak comes from these, so a rerun with
 * the same seed makes the same decisions.
 */

// ---------------------------------------------------------------------------------------------
// The PRNG: sfc32, seeded through splitmix32 with (seed, stream).

export function prng(seedValue: number, stream: number): () => number {
  let s = (seedValue ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4_294_967_296;
  };
}

export const pick = <T>(list: readonly T[], r: number): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(r * list.length)];

/** A version 4 UUID made of PRNG draws (a listing id nobody has). */
export const uuidOf = (r: number, r2: number): string => {
  const hex = (n: number, width: number) =>
    Math.floor(n * 16 ** width)
      .toString(16)
      .padStart(width, '0');
  return `${hex(r, 8)}-${hex(r2, 4)}-4${hex(r, 3)}-a${hex(r2, 3)}-${hex(r, 6)}${hex(r2, 6)}`;
};

/** The value, which the caller knows is there. */
export function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('soak: a chosen value is missing');
  return value;
}
