// Turning a file's bytes into text the engine can analyse, or a counted skip.
import type { SkippedFile, SourceFile } from '../types.ts';

/** Lines longer than this (on average over the file) mark minified or generated code. */
const MINIFIED_AVERAGE_LINE = 500;
const MINIFIED_MIN_BYTES = 2000;
/**
 * A bundle that embeds short lines (CSS, HTML in strings) is minified when lines longer than this hold most
 * of its bytes — from this size on: a hand-written file may hold one long literal (a key list, a data URI).
 */
const MINIFIED_LONG_LINE = 1000;
const MINIFIED_BUNDLE_MIN_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8', { fatal: false });

export function isBinary(content: Buffer): boolean {
  const head = content.subarray(0, 8000);
  return head.includes(0);
}

export function decodeSource(file: SourceFile): { text: string; warning?: string } | { skip: SkippedFile } {
  const { content } = file;
  if (isBinary(content)) return { skip: { path: file.path, reason: 'binary' } };
  let text: string;
  let warning: string | undefined;
  try {
    text = utf8.decode(content);
  } catch {
    text = lenient.decode(content);
    warning = 'not valid UTF-8: invalid bytes were replaced before analysis';
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (content.length >= MINIFIED_MIN_BYTES) {
    // Lines are counted only until there are enough for code written by hand.
    const enoughLines = content.length / MINIFIED_AVERAGE_LINE;
    let lines = 1;
    for (let i = text.indexOf('\n'); i !== -1 && lines < enoughLines; i = text.indexOf('\n', i + 1)) lines++;
    const dataFile = /\.(env|pem|key|json|ya?ml|properties|tfvars|lock)$/i.test(file.path);
    if (lines < enoughLines && !dataFile) {
      return { skip: { path: file.path, reason: 'minified', detail: `average line length ${Math.round(content.length / lines)} characters` } };
    }
    const inLongLines = dataFile || content.length < MINIFIED_BUNDLE_MIN_BYTES ? 0 : charactersInLongLines(text);
    if (inLongLines * 2 > text.length) {
      return { skip: { path: file.path, reason: 'minified', detail: `${Math.round((100 * inLongLines) / text.length)}% of it in lines over ${MINIFIED_LONG_LINE} characters` } };
    }
  }
  return { text, warning };
}

function charactersInLongLines(text: string): number {
  let total = 0;
  let start = 0;
  for (let end = text.indexOf('\n'); start < text.length; end = text.indexOf('\n', start)) {
    const stop = end === -1 ? text.length : end;
    if (stop - start > MINIFIED_LONG_LINE) total += stop - start;
    start = stop + 1;
  }
  return total;
}
