// Secret detection: provider rules as data (rules/secrets/*.yaml), a generic
// credential-assignment rule, and the allow-lists that keep examples out.
export { findSecrets, scanTextForSecrets, maskSecret, SECRET_TYPE, type SecretHit, type FindSecretsOptions } from './detect.ts';
export { builtinSecretRules, compileSecretRules, readSecretRuleDir, secretLineFilter, secretRulesVersion, type SecretRuleSet, type SecretLineFilter } from './rules.ts';
export { shannonEntropy } from './values.ts';
