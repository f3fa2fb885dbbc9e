// Decoding uploaded and fetched bytes: BOMs, declared charsets, detection of the
// legacy encodings newsrooms still meet, and one clear refusal for what is not
// text. Fixtures are encoded here with iconv-lite, an encoder independent of the
// WHATWG decoder under test.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../../lib/articles/decode-bytes';
import { AppError } from '../../lib/errors';

const BG =
  'Дезертирането дойде, когато Хуан Гуайдо, лидерът на опозицията в страната, призова силите за сигурност да изоставят Мадуро и да разрешат хуманитарна помощ.\n';
const PT =
  'No entanto, durante a noite, o gabinete de Migração da Colômbia atualizou esta cifra: “60 membros das diferentes Forças Armadas da Venezuela fugiram da ditadura”, segundo comunicado.\n';
const JA = '警察によりますと、事故は午前8時ごろに発生し、乗客のうち5人が病院に運ばれました。\n';

const encode = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));
const withBom = (bom: number[], bytes: Uint8Array) => Uint8Array.from([...bom, ...bytes]);

function refusal(bytes: Uint8Array, hints?: Parameters<typeof decodeBytes>[1]) {
  try {
    decodeBytes(bytes, hints);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, reason: error.details?.reason, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('decodeBytes', () => {
  it('reads UTF-8 with and without a BOM, dropping the BOM', () => {
    expect(decodeBytes(encode(BG, 'utf-8'))).toEqual({ text: BG, encoding: 'utf-8', from: 'detected' });
    expect(decodeBytes(withBom([0xef, 0xbb, 0xbf], encode(BG, 'utf-8')))).toEqual({ text: BG, encoding: 'utf-8', from: 'bom' });
  });

  it('reads UTF-16 in both byte orders by its BOM', () => {
    expect(decodeBytes(withBom([0xff, 0xfe], encode(BG, 'utf-16le')))).toEqual({ text: BG, encoding: 'utf-16le', from: 'bom' });
    expect(decodeBytes(withBom([0xfe, 0xff], encode(PT, 'utf-16be')))).toEqual({ text: PT, encoding: 'utf-16be', from: 'bom' });
  });

  it('recognises UTF-16 without a BOM from where its NUL bytes fall', () => {
    expect(decodeBytes(encode(BG, 'utf-16le'))).toMatchObject({ text: BG, encoding: 'utf-16le' });
    expect(decodeBytes(encode(PT, 'utf-16be'))).toMatchObject({ text: PT, encoding: 'utf-16be' });
  });

  it('detects windows-1251 Bulgarian, paragraph and headline', () => {
    expect(decodeBytes(encode(BG, 'windows-1251'))).toEqual({ text: BG, encoding: 'windows-1251', from: 'detected' });
    const headline = 'Стачка на лекарите в София\n';
    expect(decodeBytes(encode(headline, 'windows-1251')).text).toBe(headline);
  });

  it('detects ISO-8859-1 Portuguese (read as windows-1252, as browsers do)', () => {
    const latin1 = PT.replace(/[“”]/g, '"');
    expect(decodeBytes(encode(latin1, 'iso-8859-1'))).toEqual({ text: latin1, encoding: 'windows-1252', from: 'detected' });
    // The same page saved by Windows, curly quotes and all.
    expect(decodeBytes(encode(PT, 'windows-1252'))).toEqual({ text: PT, encoding: 'windows-1252', from: 'detected' });
  });

  it('honours a charset declared in the Content-Type', () => {
    // KOI8-R bytes of Bulgarian text: detection alone cannot be sure; the declaration is.
    const koi = encode(BG, 'koi8-r');
    expect(decodeBytes(koi, { contentType: 'text/plain; charset="KOI8-R"' })).toEqual({ text: BG, encoding: 'koi8-r', from: 'declared' });
    // iso-8859-1 is windows-1252 on the web: 0x80 is the euro sign, 0x93/0x94 curly quotes.
    const declared = decodeBytes(Uint8Array.from([0x80, 0x20, 0x35, 0x30, 0x20, 0x93, 0x61, 0x94]), { contentType: 'text/plain; charset=iso-8859-1' });
    expect(declared).toEqual({ text: '€ 50 “a”', encoding: 'windows-1252', from: 'declared' });
  });

  it('honours an HTML <meta> charset, both forms, and Shift_JIS', () => {
    const page = (meta: string, body: string) => `<!doctype html><html><head>${meta}<title>t</title></head><body><p>${body}</p></body></html>`;
    const a = page('<meta charset="windows-1251">', BG);
    expect(decodeBytes(encode(a, 'windows-1251'), { html: true })).toEqual({ text: a, encoding: 'windows-1251', from: 'declared' });
    const b = page('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', JA);
    expect(decodeBytes(encode(b, 'shift_jis'), { html: true })).toEqual({ text: b, encoding: 'shift_jis', from: 'declared' });
    // Only HTML is prescanned: the same bytes as plain text are detected.
    expect(decodeBytes(encode(a, 'windows-1251')).from).toBe('detected');
  });

  it('detects the real encoding when the declared one does not fit the bytes', () => {
    const bytes = encode(BG, 'windows-1251');
    expect(decodeBytes(bytes, { contentType: 'text/html; charset=utf-8' })).toEqual({ text: BG, encoding: 'windows-1251', from: 'detected' });
    // An unknown label is ignored, not trusted.
    expect(decodeBytes(encode(BG, 'utf-8'), { contentType: 'text/plain; charset=klingon' })).toMatchObject({ text: BG, from: 'detected' });
  });

  it('keeps the text byte for byte: quotes, CRLF, figures, no "fixing"', () => {
    const text = '“Quatro” militares — 1,6 milhão\r\nbadistance «sic»\r\n';
    expect(decodeBytes(encode(text, 'utf-8')).text).toBe(text);
  });

  it('refuses empty and blank input with one sentence', () => {
    for (const bytes of [new Uint8Array(), encode(' \n\t\r\n', 'utf-8'), withBom([0xef, 0xbb, 0xbf], new Uint8Array())]) {
      expect(refusal(bytes)).toEqual({ code: 'invalid_input', reason: 'empty', message: 'It is empty: there is no text to import.' });
    }
  });

  it('refuses binary files: images, PDFs, control bytes', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
    const pdf = Uint8Array.from([
      ...Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 12 /Filter /FlateDecode >>\nstream\n', 'latin1'),
      0x78,
      0x9c,
      0,
      0xff,
      0x10,
      0,
      0x02,
      0x8b,
    ]);
    const controls = encode(`Header\u0001\u0002\u0003\u0004\u0005 data\u0006\u0007\u0008`, 'utf-8');
    for (const bytes of [png, pdf, controls]) {
      const r = refusal(bytes);
      expect(r.reason).toBe('binary');
      expect(r.message).toMatch(/^It is not a text file: .*\.$/);
    }
  });

  it('refuses bytes that are no text in any encoding', () => {
    // Bytes in the range every legacy encoding maps to symbols, with no pattern of any language.
    const noise = Uint8Array.from({ length: 600 }, (_, i) => 0x80 + ((i * 7919 + 13) % 128));
    expect(refusal(noise)).toEqual({
      code: 'invalid_input',
      reason: 'undecodable',
      message: 'Its bytes are not valid text in any encoding Factdesk can read; save it as UTF-8 and import it again.',
    });
  });

  it('refuses UTF-32, naming it', () => {
    expect(refusal(withBom([0xff, 0xfe, 0, 0], encode('News', 'utf-32le'))).reason).toBe('unsupported_encoding');
  });
});
