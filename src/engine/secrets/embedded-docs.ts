// Documentation written inside code: the help text or description an application shows its
// users, kept in a heredoc (`description <<~MD`, PHP `<<<'MARKDOWN'`, shell `cat <<USAGE`).
// Its examples are examples, as in a README: rules that are silent in documentation files are
// silent there too.

interface Lines {
  lineText(line: number): string;
}

/** A heredoc's delimiter that names prose or markup for display: `<<~MD`, `<<-'DESC'`, `<<<HELP`. */
const DOC_DELIMITER = /^(?:MD|MARKDOWN|DOCS?|DESC|DESCRIPTION|HELP|USAGE|README|EXAMPLES?)$/;
/** A heredoc handed to a name that says documentation: `description <<~EOS`, `help_text = <<~TXT`, `desc <<-END`. */
const DOC_RECEIVER = /(?:^|[^\w$])(?:description|desc|help|help_text|usage|summary|documentation|docs?)\s*(?:=\s*|\(\s*)?$/i;
/** A heredoc opener: Ruby `<<~X`, `<<-X`, `<<X`, quoted or not; PHP `<<<X`; shell `<<X`, `<<-X`. */
const HEREDOC_OPENER = /(?:<<<[ \t]*|<<[~-]?)(["'`]?)([A-Za-z_]\w*)\1/g;
/** How far above its line a heredoc may open. */
const MAX_HEREDOC_LINES = 400;

/** Whether `lineNumber` lies inside a heredoc that holds documentation. */
export function insideEmbeddedDocumentation(lines: Lines, lineNumber: number): boolean {
  const closers = new Set<string>();
  for (let n = lineNumber - 1; n >= 0 && lineNumber - n <= MAX_HEREDOC_LINES; n--) {
    const text = lines.lineText(n);
    const bare = text.trim().replace(/;$/, '');
    // A line holding only a word may close a heredoc opened above it (and so not around the line).
    if (/^[A-Za-z_]\w*$/.test(bare)) {
      closers.add(bare);
      continue;
    }
    HEREDOC_OPENER.lastIndex = 0;
    for (let m = HEREDOC_OPENER.exec(text); m; m = HEREDOC_OPENER.exec(text)) {
      const delimiter = m[2];
      if (closers.has(delimiter)) continue; // opened and closed above the line
      if (DOC_DELIMITER.test(delimiter) || DOC_RECEIVER.test(text.slice(0, m.index).trimEnd())) return true;
      return false; // the heredoc around the line holds something else: code, SQL, a template
    }
  }
  return false;
}
