// Seeded random numbers: every run asks for the same sequence of addresses and seeds the same
// content.

/** A small number from a name, to seed a target's random sequence. */
export function hashSeed(name) {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** A small fast generator of numbers in [0, 1) from a 32-bit seed (mulberry32). */
export function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
