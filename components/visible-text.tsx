// Imported text with its invisible format characters shown as marked chips
// (lib/utils/invisible-characters.ts says why). The character itself is never
// written to the page, so a bidi override cannot reorder what follows it.
import { hasInvisibleCharacters, splitInvisible } from '@/lib/utils/invisible-characters';

type Props = {
  text: string;
  /**
   * The text's offset in the article body. When given, every piece carries
   * data-o (and each chip data-len, the code units it stands for), so a
   * selection maps back to offsets in the body as stored (figure-body.tsx).
   */
  offset?: number;
};

export function VisibleText({ text, offset }: Props) {
  if (offset === undefined && !hasInvisibleCharacters(text)) return text;
  return splitInvisible(text, offset ?? 0).map((s) => {
    if (s.kind === 'text') {
      return offset === undefined ? (
        <span key={s.start}>{s.text}</span>
      ) : (
        <span key={s.start} data-o={s.start}>
          {s.text}
        </span>
      );
    }
    return (
      <span
        key={s.start}
        role="img"
        aria-label={s.label}
        title={s.label}
        data-testid="invisible-char"
        data-code-point={s.codePoint}
        data-o={offset === undefined ? undefined : s.start}
        data-len={offset === undefined ? undefined : s.length}
        // Isolated and left to right, so the chip reads the same inside Arabic or Hebrew text.
        dir="ltr"
        className="mx-px inline-block rounded-sm border border-fuchsia-400 bg-fuchsia-50 px-0.5 align-baseline font-mono text-[0.65em] leading-none font-semibold text-fuchsia-900 select-none [unicode-bidi:isolate]"
      >
        {s.code}
      </span>
    );
  });
}

/** The claim's flag: its title or text holds invisible characters, shown above as chips. */
export function HiddenCharactersBadge({ title, body }: { title: string; body?: string }) {
  if (!hasInvisibleCharacters(title) && !(body !== undefined && hasInvisibleCharacters(body))) return null;
  const description =
    'This article contains invisible formatting characters (such as bidi controls or zero-width spaces). They are shown as marked chips; the stored text keeps them, and they may change how the text reads elsewhere.';
  return (
    <span
      data-testid="hidden-characters"
      lang="en"
      dir="ltr"
      title={description}
      className="inline-flex items-center rounded-full border border-fuchsia-300 bg-fuchsia-50 px-2 py-0.5 align-middle text-[11px] font-semibold text-fuchsia-900"
    >
      Hidden characters<span className="sr-only">: {description}</span>
    </span>
  );
}
