// A value made on first use and kept. For Intl objects at module level:
// making one loads its ICU data, and in the browser every module a page
// imports runs before the first paint; a formatter the page never calls
// should cost nothing (about 50 ms each for DisplayNames, Segmenter and a
// compact NumberFormat in a profile of a cold load of the claim page).
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
