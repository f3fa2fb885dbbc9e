// What an uploaded file must be before its bytes are read (issue 11): a .txt,
// .md, .html or .htm file of at most 2 MB, with a name that can be stored.
// Each rule refuses with one sentence (an ImportRefusal), not a request error.
import 'server-only';
import { MAX_UPLOAD_FILE_BYTES, UPLOAD_EXTENSIONS } from '../validation/articles';
import { unstorableTextReason } from '../validation/text';
import { importRefusal } from './import-refusal';

const MAX_NAME_CHARS = 255;
const MEDIA_TYPE: Readonly<Record<(typeof UPLOAD_EXTENSIONS)[number], string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
};

// Rounded up, so a file just over the limit never reads as exactly at it.
const megabytes = (bytes: number) => `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;

/** The name as stored: the last part of a path some clients send (C:\fakepath\a.txt). */
export function uploadName(sent: string): string {
  return sent.split(/[\\/]/u).pop() ?? '';
}

/**
 * The media type to read the file as: the one its extension names (a browser's
 * guess from the operating system is less reliable), with the charset the
 * client declared, if any.
 */
export function checkUpload(name: string, byteLength: number, declaredType: string | null): string {
  const extension = /\.([^.]+)$/u.exec(name)?.[1]?.toLowerCase() ?? '';
  const type = UPLOAD_EXTENSIONS.find((e) => e === extension);
  if (!type) {
    throw importRefusal(
      'unsupported_type',
      extension
        ? `Only .txt, .md, .html and .htm files can be imported, and this is a .${extension} file.`
        : 'Only .txt, .md, .html and .htm files can be imported, and this file name has no extension.',
    );
  }
  if (name.length > MAX_NAME_CHARS || unstorableTextReason(name) !== null) {
    throw importRefusal('invalid_name', `Its file name cannot be stored: use at most ${MAX_NAME_CHARS} characters of valid text.`);
  }
  if (byteLength > MAX_UPLOAD_FILE_BYTES) {
    throw importRefusal(
      'too_large',
      `It is too large to upload: ${megabytes(byteLength)}, and the limit is ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB per file.`,
    );
  }
  const charset = /;\s*charset\s*=\s*["']?([^"';\s]+)/iu.exec(declaredType ?? '')?.[1];
  return charset ? `${MEDIA_TYPE[type]}; charset=${charset}` : MEDIA_TYPE[type];
}
