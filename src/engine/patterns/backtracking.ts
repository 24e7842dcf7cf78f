// Whether a regular expression literal can backtrack catastrophically, as a ReDoS analyser
// judges it: rules find candidates by their shape (a quantified group with a quantifier inside),
// and this drops those that can match every text in only one way.
import { createRequire } from 'node:module';

type RedosDetector = typeof import('redos-detector');

/** Loaded on the first candidate (about 0.1 s): most scans meet none, and every worker would pay it at start. */
let detector: RedosDetector | undefined;
const load = (): RedosDetector => (detector ??= createRequire(import.meta.url)('redos-detector') as RedosDetector);

/**
 * redos-detector follows every way through the pattern; a score of 1 means no input can be
 * matched in two ways, so the engine never has an alternative to backtrack into. The step
 * bound keeps the answer the same on every machine (a time limit would not); a pattern it
 * cannot finish within it is not proved safe and stays reported.
 */
const ANALYSIS = { maxScore: 1, maxSteps: 20_000 } as const;

const verdicts = new Map<string, boolean>();

/**
 * True unless the analyser proves that the literal (`/…/flags`, or a bare pattern) matches
 * any input in one way only. A pattern it cannot read (a syntax it does not support) is not
 * proved safe either.
 */
export function mayBacktrackCatastrophically(literal: string): boolean {
  let verdict = verdicts.get(literal);
  if (verdict === undefined) {
    verdict = analyse(literal);
    verdicts.set(literal, verdict);
  }
  return verdict;
}

function analyse(literal: string): boolean {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(literal);
  const pattern = m ? m[1]! : literal;
  const flags = m ? m[2]! : '';
  try {
    // An unanchored pattern is analysed from a fixed start: redos-detector counts the engine's retry at each next
    // position as a way to match, so it scores every unanchored pattern infinite (`abc` and `[a-f]{2}` included) and
    // would prove nothing safe. The retries cost a pass per start position (polynomial, not what these rules look
    // for); the nested quantifier that backtracks exponentially does so from one start as well (`^(?:(a+)+b)`).
    const anchored = pattern.startsWith('^') ? pattern : `^(?:${pattern})`;
    const result = load().isSafePattern(anchored, {
      ...ANALYSIS,
      caseInsensitive: flags.includes('i'),
      dotAll: flags.includes('s'),
      multiLine: flags.includes('m'),
      unicode: flags.includes('u') || flags.includes('v'),
    });
    return !result.safe;
  } catch {
    return true;
  }
}
