// What the import preview shows under the title field: the excerpt without the sentence the title came from.

/**
 * The excerpt after its leading title. A title derived from the first sentence
 * lost that sentence's final "." (and may be shortened with "…"), so cutting
 * the title's characters alone left a stray ". " at the start. Returns the
 * excerpt unchanged when it does not open with the title.
 */
export function excerptAfterTitle(excerpt: string, title: string): string {
  const core = title.endsWith('…') ? title.slice(0, -1).trimEnd() : title;
  if (core === '' || !excerpt.startsWith(core)) return excerpt;
  let rest = excerpt.slice(core.length);
  // A shortened title: the rest of its sentence is not in the title, so skip to the sentence's end.
  if (core !== title) {
    const end = /[.!?…]["'”’»)\]]*(?=\s|$)/u.exec(rest);
    rest = end ? rest.slice(end.index + end[0].length) : '';
  }
  // deriveTitle drops a final . : ; or , — drop it here too, with the space after it.
  return rest.replace(/^[.:;,]+(?=\s|$)/u, '').trimStart();
}
