// A rule with sources of its own cannot report when no code file of the scan spells the words its
// sinks need (a password's weak hash needs `md5`, `sha1` or `createHash('md5'`); a file that only
// that rule's hint selects (`passw`) is then not analysed. The words are read from the patterns
// conservatively: any way of matching that needs no word keeps the rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/engine/analyze.ts';
import { loadRuleSet } from '../../src/engine/rules/load.ts';
import { scanSourceFiles, type Finding } from '../../src/engine/index.ts';
import { deadRules, requiredWords } from '../../src/engine/taint/dead-hints.ts';

test('the words a pattern needs: literal runs cut at name boundaries, one list per way of matching', () => {
  assert.deepEqual(requiredWords(/^(md5|sha1|CryptoJS\.(MD5|SHA1))$/), [['md5'], ['sha1'], ['CryptoJS', 'MD5'], ['CryptoJS', 'SHA1']]);
  // A quoted key may hold a dash (`headers['sha-1']`); a bracket, dot or parenthesis cuts.
  assert.deepEqual(requiredWords(/(^|\.)createHash\(\s*[`'"](sha1|sha-1)[`'"]/), [['createHash', 'sha1'], ['createHash', 'sha-1']]);
  // What a quantifier may leave out or a lookaround tests is not needed; a repeated character is, once.
  assert.deepEqual(requiredWords(/a(b|c)?d/), [['a', 'd']]);
  assert.deepEqual(requiredWords(/(?<!x)fo{2,}bar/), [['fo', 'bar']]);
  assert.deepEqual(requiredWords(/\.update$/), [['update']]);
  // `->` ends a name (a PHP property), as a condition's text may be cut there.
  assert.deepEqual(requiredWords(/\$this->render/), [['$this', 'render']]);
});

test('a pattern that can match without a word gives none', () => {
  assert.equal(requiredWords(/\[\]$/), undefined);
  assert.equal(requiredWords(/^(?!(String|Number)$)[A-Z]\w*$/), undefined);
  assert.equal(requiredWords(/^(eval|\w+)$/), undefined);
  // Syntax the reader does not follow gives no words rather than wrong ones.
  assert.equal(requiredWords(/\u0041pi/), undefined);
});

const analyzer = Analyzer.create(loadRuleSet());

async function deadIn(files: Record<string, string>): Promise<Set<string>> {
  const texts = new Map(Object.entries(files).map(([p, text]) => [p, { path: p, text }]));
  await analyzer.prepare(texts);
  const project = analyzer.project(texts);
  const rules = loadRuleSet().rules.filter((r) => r.languages.includes('javascript'));
  return deadRules(rules, project, []);
}

const FORM = `export function signUp(form) {
  const password = form.password;
  return save({ password });
}
`;

test('js.weak-hash cannot report when no code file spells a weak digest; a README or a SHA-256 does not count', async () => {
  assert.ok((await deadIn({ 'form.js': FORM, 'README.md': 'Passwords are never hashed with md5.\n' })).has('js.weak-hash'));
  assert.ok((await deadIn({ 'form.js': FORM, 'key.js': "export const key = (s) => crypto.createHash('sha256').update(s).digest();\n" })).has('js.weak-hash'));
  assert.ok(!(await deadIn({ 'form.js': FORM, 'hash.js': "export const h = (s) => crypto.createHash('md5').update(s).digest('hex');\n" })).has('js.weak-hash'));
  assert.ok(!(await deadIn({ 'form.js': FORM, 'hash.js': "import md5 from 'md5';\nexport const h = (s) => md5(s);\n" })).has('js.weak-hash'));
  // Weak randomness reaches a record saved (`save(…)`): the form spells that word.
  assert.ok(!(await deadIn({ 'form.js': FORM })).has('js.weak-random'));
});

async function scan(files: Record<string, string>): Promise<Finding[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  return (await scanSourceFiles(sources, { jobs: 1, cacheDir: null })).findings;
}

test('a password reaching MD5 in another file is still reported from the file the password hint selects', async () => {
  const findings = await scan({
    'src/account.js': "import { digest } from './digest.js';\nexport function store(user, password) {\n  user.hash = digest(password);\n}\n",
    'src/digest.js': "import crypto from 'node:crypto';\nexport function digest(value) {\n  return crypto.createHash('md5').update(value).digest('hex');\n}\n",
  });
  assert.deepEqual(
    findings.filter((f) => f.type === 'WEAK_HASH').map((f) => `${f.file}:${f.line}`),
    ['src/digest.js:3'],
  );
});
