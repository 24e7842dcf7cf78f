// The context of a value, for rules that decide by where a value stands rather than by the
// value itself: a Maps key under the UI options, a notifier key in an error reporter's
// configuration, a value whose comment calls it public.

interface Lines {
  lineText(line: number): string;
}

/** Comment markers of the languages and formats secrets are written in. */
const COMMENT_LINE = /^(?:\/\/|#|\/\*|\*|<!--|;|--)/;
/** How far above its value the comments of a block still speak about it. */
const COMMENT_REACH = 8;

/**
 * The lines that open the blocks around `lineNumber` (by indentation, up to three, outermost
 * first), the comments above it in its own block, and the line itself.
 */
export function contextOf(lines: Lines, lineNumber: number): string {
  const own = lines.lineText(lineNumber);
  let indent = Math.max(0, own.search(/\S/));
  const openers: string[] = [];
  const comments: string[] = [];
  for (let n = lineNumber - 1; n >= 0 && n >= lineNumber - 60 && openers.length < 3 && indent > 0; n--) {
    const text = lines.lineText(n);
    const at = text.search(/\S/);
    if (at < 0) continue;
    const body = text.slice(at);
    const comment = COMMENT_LINE.test(body);
    if (comment && openers.length === 0 && lineNumber - n <= COMMENT_REACH) comments.unshift(body);
    else if (!comment && at < indent) {
      openers.unshift(body);
      indent = at;
    }
  }
  if (indent === 0 && openers.length === 0) {
    // A flat file (.env, properties): the comment lines right above the value.
    for (let n = lineNumber - 1; n >= 0 && lineNumber - n <= COMMENT_REACH; n--) {
      const body = lines.lineText(n).trim();
      if (!COMMENT_LINE.test(body)) break;
      comments.unshift(body);
    }
  }
  return [...openers, ...comments, own.trim()].join('\n');
}
