// The confusable skeleton of Unicode TR #39 (section 4): two texts that look
// alike have the same skeleton, so "fаkе" with Cyrillic а and е compares
// equal to "fake". The duplicate checks fingerprint skeletons (issue 29,
// finding 7). The mapping is confusables.txt as shipped by `unhomoglyph`.
import 'server-only';
import unhomoglyph from 'unhomoglyph';

/** skeleton(X) = NFD(map each character of NFD(X) by confusables.txt). Not for display: "m" becomes "rn". */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}
