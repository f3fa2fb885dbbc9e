// Turns an uploaded or fetched file's bytes into text, faithfully or not at all:
// a byte-order mark first, then the declared charset (Content-Type, then an HTML
// <meta>), then detection. Labels mean what the WHATWG Encoding Standard says
// (what browsers do: "iso-8859-1" is windows-1252); nothing becomes U+FFFD.
import 'server-only';
import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { importRefusal } from './import-refusal';

export type DecodedText = {
  text: string;
  /** WHATWG name of the encoding used, e.g. "utf-8", "windows-1251", "utf-16le". */
  encoding: string;
  /** Where the encoding came from. */
  from: 'bom' | 'declared' | 'detected';
};

export type DecodeHints = {
  /** A Content-Type header or a file's media type; its charset parameter is honoured. */
  contentType?: string | null;
  /** Look for <meta charset> in the first 1024 bytes, as a browser does for HTML. */
  html?: boolean;
};

// The WHATWG prescan reads this far for a <meta> charset.
const META_PRESCAN_BYTES = 1024;
// chardet scores 0–100; random bytes reach ~10-18 for some legacy encoding.
const MIN_DETECTION_CONFIDENCE = 20;
// A share of control characters no prose has (tabs, newlines and form feeds aside).
const MAX_CONTROL_SHARE = 0.01;

// eslint-disable-next-line no-control-regex -- control characters are what it counts
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F]/gu;

const refuseEmpty = () => importRefusal('empty', 'It is empty: there is no text to import.');
const refuseBinary = () =>
  importRefusal(
    'binary',
    'It is not a text file: it holds binary data (such as an image, a PDF or a word-processor document); save the article as text or HTML.',
  );
const refuseUndecodable = () =>
  importRefusal('undecodable', 'Its bytes are not valid text in any encoding Factdesk can read; save it as UTF-8 and import it again.');

export function decodeBytes(bytes: Uint8Array, hints: DecodeHints = {}): DecodedText {
  if (bytes.length === 0) throw refuseEmpty();

  const bom = byteOrderMark(bytes);
  if (bom === 'utf-32') {
    throw importRefusal('unsupported_encoding', 'It is saved as UTF-32, which Factdesk does not read; save it as UTF-8 and import it again.');
  }
  if (bom) {
    const text = decodeStrictly(bytes, bom);
    if (text === null) throw refuseUndecodable();
    return checked(text, bom, 'bom');
  }

  for (const declared of [charsetOf(hints.contentType), hints.html ? metaCharset(bytes) : null]) {
    const encoding = declared && supportedEncoding(declared);
    if (!encoding) continue;
    // A wrong declaration (a windows-1251 page served as UTF-8) is common: when
    // the bytes are not valid in the declared encoding, detect instead.
    const text = decodeStrictly(bytes, encoding);
    if (text !== null) return checked(text, encoding, 'declared');
  }

  // Before UTF-8: UTF-16 of Cyrillic or Greek is all bytes below 0x80, valid UTF-8 full of NULs.
  if (bytes.includes(0)) return utf16WithoutBom(bytes);
  const utf8 = decodeStrictly(bytes, 'utf-8');
  if (utf8 !== null) return checked(utf8, 'utf-8', 'detected');

  for (const match of analyse(bytes)) {
    if (match.confidence < MIN_DETECTION_CONFIDENCE) break;
    const encoding = supportedEncoding(match.name);
    if (!encoding || encoding.startsWith('utf-')) continue;
    const text = decodeStrictly(bytes, encoding);
    if (text !== null && !looksBinary(text)) return checked(text, encoding, 'detected');
  }
  throw refuseUndecodable();
}

function checked(text: string, encoding: string, from: DecodedText['from']): DecodedText {
  if (text.trim() === '') throw refuseEmpty();
  if (looksBinary(text)) throw refuseBinary();
  return { text, encoding, from };
}

function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls > Math.max(2, text.length * MAX_CONTROL_SHARE);
}

function byteOrderMark(b: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32' | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'utf-32';
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

/** The text, or null when the bytes are not valid in `encoding` (a WHATWG name). A BOM is dropped. */
function decodeStrictly(bytes: Uint8Array, encoding: string): string | null {
  // Node 20's TextDecoder reads windows-1252 as Latin-1 (0x93 becomes a C1
  // control, not “), so legacy encodings go through iconv-lite, which marks
  // bytes the encoding leaves undefined as U+FFFD: no legacy text holds one.
  if (!encoding.startsWith('utf-') && iconv.encodingExists(encoding)) {
    const text = iconv.decode(Buffer.from(bytes), encoding, { stripBOM: true });
    return text.includes('\uFFFD') ? null : text;
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The WHATWG name for a charset label, or null when browsers know no such encoding. */
function supportedEncoding(label: string): string | null {
  try {
    const name = new TextDecoder(label.trim().toLowerCase()).encoding;
    // "replacement" is the standard's refusal of dangerous labels (e.g. iso-2022-kr).
    return name === 'replacement' ? null : name;
  } catch {
    return null;
  }
}

function charsetOf(contentType: string | null | undefined): string | null {
  return contentType ? (/;\s*charset\s*=\s*["']?([^"';\s]+)/iu.exec(contentType)?.[1] ?? null) : null;
}

function metaCharset(bytes: Uint8Array): string | null {
  // The prescan reads ASCII: latin1 maps bytes to characters one to one.
  const head = Buffer.from(bytes.subarray(0, META_PRESCAN_BYTES)).toString('latin1');
  const label = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/iu.exec(head)?.[1];
  if (!label) return null;
  // A <meta> read as ASCII cannot be UTF-16: the standard takes it as UTF-8.
  return /^utf-16/iu.test(label) ? 'utf-8' : label;
}

/** Text with NUL bytes and no BOM is UTF-16 (spaces and ASCII punctuation give the NULs) or binary. */
function utf16WithoutBom(bytes: Uint8Array): DecodedText {
  if (bytes.length % 2 === 0) {
    // Which half holds the NULs tells the byte order.
    let evenNuls = 0;
    let oddNuls = 0;
    for (let i = 0; i < bytes.length; i += 2) {
      if (bytes[i] === 0) evenNuls++;
      if (bytes[i + 1] === 0) oddNuls++;
    }
    const encoding = oddNuls > evenNuls ? 'utf-16le' : 'utf-16be';
    const text = decodeStrictly(bytes, encoding);
    if (text !== null && !looksBinary(text) && isProse(text)) return checked(text, encoding, 'detected');
  }
  throw refuseBinary();
}

/** Mostly letters, digits, spaces and punctuation: what binary decoded as UTF-16 is not. */
function isProse(text: string): boolean {
  const prose = text.match(/[\p{L}\p{M}\p{N}\p{P}\p{Zs}\n\r\t]/gu)?.length ?? 0;
  return prose >= text.length * 0.9;
}
