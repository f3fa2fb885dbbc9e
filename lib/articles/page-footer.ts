// Recognises the page furniture scrapers leave at the end of an article: comment
// forms ("Sem comentários: / Enviar um comentário") and share bars ("Share this").
import 'server-only';
import { normalizeForSearch } from './normalize-search';

/** A footer line is short: a label or a button, never a paragraph. */
const MAX_FOOTER_LINE = 60;

/**
 * Phrases that open a footer line, per language the desk reads, folded like
 * search text (lowercase, no diacritics). One row per kind of widget.
 */
const FOOTER_PHRASES: Readonly<Record<string, { comments: readonly string[]; share: readonly string[] }>> = {
  en: {
    comments: ['no comments', 'leave a comment', 'leave a reply', 'post a comment', 'add a comment', 'comments', 'write a comment'],
    share: ['share this', 'share on', 'share:', 'share', 'tweet', 'email this', 'print this'],
  },
  pt: {
    comments: ['sem comentarios', 'enviar um comentario', 'deixe um comentario', 'deixe uma resposta', 'comentarios', 'comentar'],
    share: ['partilhar', 'compartilhar', 'compartilhe', 'partilhe'],
  },
  es: {
    comments: ['sin comentarios', 'deja un comentario', 'dejar un comentario', 'publicar un comentario', 'comentarios'],
    share: ['compartir', 'comparte'],
  },
  fr: {
    comments: ['aucun commentaire', 'laisser un commentaire', 'ajouter un commentaire', 'commentaires'],
    share: ['partager', 'partagez'],
  },
  de: {
    comments: ['keine kommentare', 'kommentar schreiben', 'kommentar hinterlassen', 'kommentare'],
    share: ['teilen', 'artikel teilen'],
  },
  ru: {
    comments: ['нет комментариев', 'оставить комментарий', 'оставьте комментарий', 'комментарии', 'написать комментарий'],
    share: ['поделиться'],
  },
  bg: {
    comments: ['няма коментари', 'напишете коментар', 'добави коментар', 'коментари'],
    share: ['сподели', 'споделете'],
  },
  ar: {
    comments: ['لا توجد تعليقات', 'اترك تعليقا', 'أضف تعليقا', 'التعليقات', 'تعليقات'],
    share: ['مشاركة', 'شارك'],
  },
};

// Fold once, the same way the line will be folded.
const PHRASES: readonly string[] = Object.values(FOOTER_PHRASES)
  .flatMap((row) => [...row.comments, ...row.share])
  .map((phrase) => normalizeForSearch(phrase))
  .sort((a, b) => b.length - a.length);

const FOOTER_TAIL = /^\s*(?:[:：|·•/–-].*|\(?\d+\)?\s*)$/u;

/** Buttons of a share bar that scrapers leave on lines of their own. */
const SHARE_TARGETS = new Set([
  'facebook',
  'x',
  'twitter',
  'whatsapp',
  'telegram',
  'linkedin',
  'email',
  'e-mail',
  'print',
  'reddit',
  'vk',
  'viber',
  'pinterest',
]);

/** Whether a line is only a share bar's button ("Facebook", "WhatsApp"). */
export function isShareTarget(line: string): boolean {
  return SHARE_TARGETS.has(normalizeForSearch(line));
}

/**
 * Whether a line is a comment-form or share-bar label: short, and opening with
 * one of the phrases above followed by nothing but a separator, a count or a
 * network name ("Share this: Facebook, X", "Comentários (3)").
 */
export function isFooterLine(line: string): boolean {
  const folded = normalizeForSearch(line);
  if (folded === '' || folded.length > MAX_FOOTER_LINE) return false;
  return PHRASES.some((phrase) => {
    if (!folded.startsWith(phrase)) return false;
    const rest = folded.slice(phrase.length);
    // "Share prices fell" is prose: after the phrase only a separator (then the
    // networks) or a count may follow.
    return rest === '' || FOOTER_TAIL.test(rest);
  });
}
