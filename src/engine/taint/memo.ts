// A bounded memo for answers that depend only on their key.

/** Answers by key, forgotten all at once past a bound (an engine may serve many scans in a service). */
export class Memo<T> {
  private static readonly MAX_ENTRIES = 50_000;
  private readonly answers = new Map<string, T>();

  get(key: string, compute: () => T): T {
    let answer = this.answers.get(key);
    if (answer === undefined) {
      if (this.answers.size >= Memo.MAX_ENTRIES) this.answers.clear();
      answer = compute();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
