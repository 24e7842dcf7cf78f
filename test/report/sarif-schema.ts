// Validates SARIF against the official 2.1.0 JSON schema (rtm.5, the final
// OASIS version) that an npm package ships, so no network is needed.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;

// The schema is draft-04; ajv-draft-04 is ajv set up for that dialect, and
// ajv-formats checks its uri, uri-reference and date-time formats. The schema's
// `language` pattern is not valid with the u flag, hence unicodeRegExp: false.
// Both packages are CommonJS; under NodeNext their class is on `.default`.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** The schema errors, empty when the log is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
