// fnv.js: FNV-1a over a string's UTF-16 units, the digest read.js and
// fillform.js both compute so Go can compare texts it never receives.

// fnv1a returns the 32-bit FNV-1a hash of s's UTF-16 code units, unsigned.
export const fnv1a = (s) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};
