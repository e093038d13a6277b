/**
 * A word of letters only, different for each whole number (a, b, …, z, ba, bb, …). Filler lines
 * built on it differ in more than their numbers, so a hit's windows do not fold them as look-alikes.
 */
export function unlike(i: number): string {
  let word = '';
  let n = i;
  do {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  } while (n > 0);
  return word;
}
