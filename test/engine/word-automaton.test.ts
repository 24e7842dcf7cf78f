// The word automaton: which of many words a text spells (the query pre-filter) and where
// (the secret scanner's keywords), in one pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WordAutomaton } from '../../src/engine/patterns/word-automaton.ts';

test('the word automaton finds every word a text spells in one pass, also words inside words and overlapping ones', () => {
  const finder = new WordAutomaton(['exec', 'execSync', 'abc', 'bcd', 'md5', 'a.b', 'never']);
  assert.deepEqual([...finder.find('cp.execSync(x); abcd; md5; a.b')].sort(), ['a.b', 'abc', 'bcd', 'exec', 'execSync', 'md5']);
  assert.deepEqual([...finder.find('exec only')], ['exec']);
  assert.deepEqual([...finder.find('axb')], [], 'a dot is a dot, not any character');
  assert.deepEqual([...new WordAutomaton([]).find('anything')], []);
});

test('the word automaton agrees with a substring test, also beyond ASCII and for words that are suffixes of others', () => {
  // A small alphabet makes overlaps, shared prefixes and suffixes common; é and 日 take the non-ASCII steps.
  const alphabet = ['a', 'b', 'é', '日'];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const wordOf = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
  for (let round = 0; round < 200; round++) {
    const words = Array.from({ length: 1 + random(8) }, () => wordOf(1 + random(4)));
    const text = wordOf(random(30));
    const expected = [...new Set(words)].filter((w) => text.includes(w)).sort();
    assert.deepEqual([...new WordAutomaton(words).find(text)].sort(), expected, `${JSON.stringify(words)} in ${JSON.stringify(text)}`);
  }
});

test('occurrences come with their start, overlapping ones too; ASCII letters may match in either case', () => {
  const automaton = new WordAutomaton(['key', 'keys', 'api_key', 'pass'], { ignoreAsciiCase: true });
  const seen: string[] = [];
  automaton.scan('API_KEYS = 1; Password; é pass', (word, start) => seen.push(`${automaton.words[word]}@${start}`));
  assert.deepEqual(seen, ['api_key@0', 'key@4', 'keys@4', 'pass@14', 'pass@26']);
  assert.deepEqual([...new WordAutomaton(['key']).find('KEY')], [], 'case counts unless asked otherwise');
  assert.equal(automaton.occursIn('no secrets here'), false);
  assert.equal(automaton.occursIn('the PASSWORD'), true);
});
