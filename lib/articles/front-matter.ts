// A front-matter block at the top of a text or Markdown file, as the import CLI
// reads it: "---", then YAML lines such as "outlet: Reuters", "url: https://…",
// "published: 2019-02-23", then "---". Its values become the article's
// corrections; the text after it is the article.
import 'server-only';
import { parse } from 'yaml';
import { z } from '../validation/zod';
import { articleOverridesSchema } from '../validation/articles';
import { importRefusal } from './import-refusal';

// Found on the bytes read as Latin-1, where one character is one byte, so the article keeps its own bytes.
const BLOCK = /^(?:\u00ef\u00bb\u00bf)?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/u;
const MAX_BLOCK_BYTES = 4096;

const frontMatterSchema = z.strictObject(
  {
    outlet: articleOverridesSchema.shape.outlet,
    url: articleOverridesSchema.shape.url,
    published: articleOverridesSchema.shape.publishedAt,
  },
  // An unknown field would otherwise be lost without a word ("publised: …").
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `it knows outlet, url and published, not ${issue.keys.join(', ')}` : undefined) },
);
export type FrontMatterFields = { outlet?: string; url?: string; publishedAt?: string };

/** The block's fields and the article's bytes after it; null when the file opens with no block. Refuses a bad block in one sentence. */
export function readFrontMatter(bytes: Uint8Array): { fields: FrontMatterFields; rest: Uint8Array } | null {
  const head = Buffer.from(bytes.subarray(0, MAX_BLOCK_BYTES + 16)).toString('latin1');
  if (!/^(?:\u00ef\u00bb\u00bf)?---[ \t]*\r?\n/u.test(head)) return null;
  const match = BLOCK.exec(head);
  if (!match) throw refusal(`it opens with "---" but has no closing "---" line within ${MAX_BLOCK_BYTES} bytes`);
  const yamlText = Buffer.from(match[1] ?? '', 'latin1').toString('utf8');
  let data: unknown;
  try {
    data = parse(yamlText) ?? {};
  } catch (e) {
    throw refusal(`it is not YAML "name: value" lines (${e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)})`);
  }
  const parsed = frontMatterSchema.safeParse(typeof data === 'object' && data !== null ? data : { '': data });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === 'string' && issue.code !== 'unrecognized_keys' ? `${issue.path[0]}: ` : '';
    throw refusal(`${field}${issue?.message ?? 'it is not valid'}`.replace(/\.$/u, ''));
  }
  const { outlet, url, published } = parsed.data;
  const fields: FrontMatterFields = { ...(outlet ? { outlet } : {}), ...(url ? { url } : {}), ...(published ? { publishedAt: published } : {}) };
  return { fields, rest: bytes.subarray(match[0].length) };
}

const refusal = (why: string) => importRefusal('bad_front_matter', `Its front matter cannot be read: ${why}.`);
