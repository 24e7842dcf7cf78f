// The words a query needs: the matcher skips a rule on files without them, so a
// word that is not truly needed would hide findings. Every built-in rule's own
// test file (rules.test.ts) runs through the same gate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patternCount, queryRequirement, regexKeywords, textMeets } from '../../src/engine/patterns/query-keywords.ts';

test('literal words of regular expressions, or none where a match need not contain them', () => {
  assert.deepEqual(regexKeywords('^(md5|sha1)$'), ['md5', 'sha1']);
  assert.deepEqual(regexKeywords('(^|\\.)createHash$'), ['createHash']);
  assert.deepEqual(regexKeywords("^['\"]?(rejectUnauthorized|strictSSL)['\"]?$"), ['rejectUnauthorized', 'strictSSL']);
  assert.deepEqual(regexKeywords('base64_decode\\('), ['base64_decode(']);
  // of several needed parts, the one with the longest shortest word
  assert.deepEqual(regexKeywords('^(?:exec|spawn)FileSync$'), ['FileSync']);
  // an optional character ends the word before it
  assert.deepEqual(regexKeywords('^colou?r$'), ['colo']);
  assert.deepEqual(regexKeywords('^verify_?ssl$'), ['verify']);
  // too short, character classes, alternatives without words, lookarounds
  assert.equal(regexKeywords('^(a|bc)$'), undefined);
  assert.deepEqual(regexKeywords('[Ss]ession|[Tt]oken'), ['ession', 'oken']);
  assert.equal(regexKeywords('[Ss]id|[Tt]ok'), undefined);
  assert.equal(regexKeywords('^(secret|.*)$'), undefined);
  assert.equal(regexKeywords('(?=token)'), undefined);
  assert.equal(regexKeywords('password|\\w+'), undefined);
});

test('a query needs the words of predicates that hold for every match', () => {
  const query = `
    (call_expression
      function: (member_expression object: (identifier) @obj property: (property_identifier) @fn)
      (#eq? @obj "crypto")
      (#match? @fn "^(createHash|createHmac)$")) @match`;
  assert.deepEqual(queryRequirement(query), [[['crypto'], ['createHash', 'createHmac']]]);
  assert.equal(textMeets(queryRequirement(query)!, 'crypto.createHash("md5")'), true);
  assert.equal(textMeets(queryRequirement(query)!, 'crypto.randomBytes(16)'), false);
});

test('a capture every branch of an alternation has counts; one only some branches have does not', () => {
  const both = `(call_expression function: [(identifier) @fn (member_expression property: (property_identifier) @fn)] (#eq? @fn "eval"))`;
  assert.deepEqual(queryRequirement(both), [[['eval']]]);
  const one = `(call_expression function: [(identifier) @fn (member_expression object: (identifier) @obj)] (#eq? @obj "vm"))`;
  assert.equal(queryRequirement(one), undefined);
});

test('predicates in optional parts or on optional captures need nothing', () => {
  assert.equal(queryRequirement(`(call_expression arguments: (arguments (string) @s)? (#eq? @s "x1y2"))`), undefined);
  assert.equal(queryRequirement(`(call_expression (arguments (string) @s (#eq? @s "x1y2"))?)`), undefined);
  assert.equal(queryRequirement(`[(call_expression (identifier) @f (#eq? @f "eval"))]`), undefined);
});

test('every pattern of a query must need words; a negated predicate needs none', () => {
  const twoPatterns = `
    ((identifier) @a (#eq? @a "eval")) @match
    ((identifier) @b (#eq? @b "Function")) @match`;
  assert.equal(patternCount(twoPatterns), 2);
  assert.deepEqual(queryRequirement(twoPatterns), [[['eval']], [['Function']]]);
  assert.equal(textMeets(queryRequirement(twoPatterns)!, 'new Function(x)'), true);
  const oneFree = `${twoPatterns}\n((identifier) @c (#not-eq? @c "safe")) @match`;
  assert.equal(patternCount(oneFree), 3);
  assert.equal(queryRequirement(oneFree), undefined);
});

test('strings and comments in a query do not confuse the pattern count', () => {
  const query = `; a comment with ( and [
    ((string) @s (#match? @s "\\\\(|\\\\[|\\"")) @match`;
  assert.equal(patternCount(query), 1);
});
