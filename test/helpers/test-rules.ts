// Rules a test writes for itself: the fields every rule must have, for rules whose sources, sinks,
// sanitisers or pattern the test chooses (the rest of the rule follows, indented four spaces).

/** The leading YAML of a test's own rule: its id, languages (`[javascript, typescript]`), type and CWE. */
export function ruleFields(id: string, languages: string, type: string, cwe: number): string {
  return `  - id: ${id}
    languages: ${languages}
    type: ${type}
    cwe: ${cwe}
    severity: low
    title: t
    message: m
    remediation: r`;
}
