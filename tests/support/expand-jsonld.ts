// JSON-LD expansion as a schema.org reader does it, offline: the schema.org
// context comes from tests/fixtures/schemaorg-context.jsonld, any other remote
// context is refused.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';

type Loader = NonNullable<NonNullable<Parameters<typeof jsonld.expand>[1]>['documentLoader']>;

const context = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/schemaorg-context.jsonld'), 'utf8')) as Awaited<
  ReturnType<Loader>
>['document'];

const documentLoader: Loader = (url) =>
  /^https?:\/\/schema\.org\/?$/.test(url)
    ? Promise.resolve({ contextUrl: undefined, documentUrl: url, document: context })
    : Promise.reject(new Error(`offline: refusing to load ${url}`));

export function expandSchemaOrg(doc: unknown) {
  return jsonld.expand(doc as Parameters<typeof jsonld.expand>[0], { documentLoader });
}
