// Reads the multipart/form-data body of POST /api/articles as it arrives
// (issue 29, finding 2): parts and bytes are counted while the body streams in,
// and the first part over a limit stops the reading with a 400 or 413. Only the
// files that are within the per-file limit are held, so memory stays flat
// whatever the body holds (300,000 tiny parts are refused at the 51st file).
import 'server-only';
import busboy from 'busboy';
import { AppError, fieldError } from '../errors';
import { tooLarge } from './api-route';
import { MAX_ARTICLES_PER_REQUEST, MAX_MULTIPART_REQUEST_BYTES, MAX_UPLOAD_FILE_BYTES } from '../validation/articles';

/** The named fields the form may have (articlesFormFieldsSchema); a few unknown ones are let through to be named by it. */
export const MAX_FORM_FIELDS = 16;
/** One field's value: the longest allowed (a headline) is 500 characters. */
export const MAX_FORM_FIELD_BYTES = 16 * 1024;
// Part headers per part: Content-Disposition and Content-Type, with room to spare.
const MAX_HEADER_PAIRS = 8;

export type FormFile = {
  name: string;
  type: string;
  /** Every byte sent, counted even past the per-file limit (its refusal names the size). */
  size: number;
  /** The content, or null when it is over MAX_UPLOAD_FILE_BYTES (then never held). */
  bytes: Uint8Array | null;
};
export type ArticleForm = { files: FormFile[]; fields: Record<string, string> };

const unreadable = () => new AppError('invalid_input', 'The multipart/form-data body could not be read: check its boundary and part headers.');

export async function readArticleForm(req: Request): Promise<ArticleForm> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_MULTIPART_REQUEST_BYTES) throw tooLarge(MAX_MULTIPART_REQUEST_BYTES, null);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
      limits: {
        files: MAX_ARTICLES_PER_REQUEST,
        fields: MAX_FORM_FIELDS,
        parts: MAX_ARTICLES_PER_REQUEST + MAX_FORM_FIELDS,
        fieldSize: MAX_FORM_FIELD_BYTES,
        headerPairs: MAX_HEADER_PAIRS,
      },
    });
  } catch {
    throw unreadable();
  }

  const files: FormFile[] = [];
  const fields: Record<string, string> = {};
  // The first problem found; reading stops as soon as it is set.
  let failure: AppError | null = null;
  const fail = (e: AppError) => {
    failure ??= e;
  };
  // Read through a call: the parser's callbacks set it while `await` runs, which narrowing cannot see.
  const failed = (): AppError | null => failure;
  const finished = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      fail(unreadable());
      resolve();
    });
  });

  parser.on('file', (name, stream, info) => {
    if (name !== 'file') {
      fail(fieldError(name, 'Only the "file" parts may hold files.'));
      stream.resume();
      return;
    }
    const file: FormFile = { name: info.filename, type: info.mimeType, size: 0, bytes: null };
    files.push(file);
    let chunks: Buffer[] | null = [];
    stream.on('data', (chunk: Buffer) => {
      file.size += chunk.length;
      if (file.size > MAX_UPLOAD_FILE_BYTES) chunks = null;
      else chunks?.push(chunk);
    });
    stream.on('end', () => {
      if (chunks) file.bytes = Buffer.concat(chunks);
    });
  });
  parser.on('field', (name, value, info) => {
    if (name === 'file') fail(fieldError('file', 'Each "file" part must be a file (with a file name), not a text field.'));
    else if (info.valueTruncated) fail(fieldError(name, `Form fields are limited to ${MAX_FORM_FIELD_BYTES / 1024} KB.`));
    else if (name in fields) fail(fieldError(name, 'Send this field once.'));
    else fields[name] = value;
  });
  parser.on('filesLimit', () => fail(fieldError('file', `At most ${MAX_ARTICLES_PER_REQUEST} files per request.`)));
  parser.on('fieldsLimit', () => fail(new AppError('invalid_input', `At most ${MAX_FORM_FIELDS} form fields per request.`)));
  parser.on('partsLimit', () => fail(new AppError('invalid_input', `At most ${MAX_ARTICLES_PER_REQUEST + MAX_FORM_FIELDS} parts per request.`)));

  const reader = req.body?.getReader();
  let size = 0;
  while (reader && !failed()) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading, as readBody does: a 413 closes the connection (lib/http/api-route.ts).
    if (size > MAX_MULTIPART_REQUEST_BYTES) fail(tooLarge(MAX_MULTIPART_REQUEST_BYTES, null));
    else if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), finished]);
  }
  const early = failed();
  if (early) {
    // Parsing stops here. The rest of the body (up to the request limit) is read and
    // dropped in the background, unparsed: the answer reaches a client that is still
    // sending, and the connection stays usable. A socket closed with unread bytes
    // would be reset, and the client could lose the answer.
    if (reader && early.status !== 413) void discardRest(reader, MAX_MULTIPART_REQUEST_BYTES - size);
    throw early;
  }
  parser.end();
  await finished;
  const late = failed();
  if (late) throw late;
  return { files, fields };
}

/** Reads and drops at most `budget` more bytes, then stops reading. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  try {
    for (let left = budget; left >= 0;) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drop.
  }
}
