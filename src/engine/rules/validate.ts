// Parsing and validating rule files: YAML through the zod schemas. Loaded only when
// a rule file is not in the build's snapshot (an edited or extra rule file, or a run
// from the TypeScript sources): the YAML parser and zod cost ~70 ms to load.
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { LanguageTaintFile, RuleFile } from './schema.ts';
import { RuleError } from './load.ts';
import { SecretRuleFile } from '../secrets/schema.ts';

function formatIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

export type ValidatedRuleFile = { kind: 'language'; file: z.infer<typeof LanguageTaintFile> } | { kind: 'rules'; file: z.infer<typeof RuleFile> };

/** A rule file is either a language's sources and sanitisers (`language:`) or a list of rules. */
export function validateRuleFile(file: string, text: string): ValidatedRuleFile {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new RuleError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  if (data && typeof data === 'object' && 'language' in data) {
    const parsed = LanguageTaintFile.safeParse(data);
    if (!parsed.success) throw new RuleError(`${file}: ${formatIssues(parsed.error)}`);
    return { kind: 'language', file: parsed.data };
  }
  const parsed = RuleFile.safeParse(data);
  if (!parsed.success) throw new RuleError(`${file}: ${formatIssues(parsed.error)}`);
  return { kind: 'rules', file: parsed.data };
}

/** A secret rule file (rules/secrets/*.yaml). */
export function validateSecretRuleFile(name: string, text: string): z.infer<typeof SecretRuleFile> {
  const parsed = SecretRuleFile.safeParse(parseYaml(text));
  if (!parsed.success) throw new Error(`invalid secret rule file ${name}: ${formatIssues(parsed.error)}`);
  return parsed.data;
}
