// A one-line progress bar on a terminal's stderr. On a pipe or a file it draws
// nothing, so CI logs and redirected output stay clean.
import type { WriteStream } from 'node:tty';

const REDRAW_EVERY_MS = 80;
const BAR_WIDTH = 28;

export interface ProgressBar {
  /** False on a pipe, a file or in CI: updates draw nothing, so callers can skip work done only for the bar. */
  readonly active: boolean;
  /** `detail` follows the count, e.g. "1,200 file versions". */
  update(done: number, total: number, detail?: string): void;
  /** Erases the bar so that whatever is printed next starts on a clean line. */
  stop(): void;
}

export interface ProgressBarOptions {
  /** What is being done, before the bar. */
  label?: string;
  /** What is counted, after the count. */
  unit?: string;
  /** Updates closer together than this are not drawn (the last one always is). */
  redrawEveryMs?: number;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, options: ProgressBarOptions = {}): ProgressBar {
  if (!stream.isTTY || process.env.CI === 'true') return { active: false, update() {}, stop() {} };
  const { label = 'scanning', unit = 'files', redrawEveryMs = REDRAW_EVERY_MS } = options;
  const tty = stream as WriteStream;
  let lastDraw = 0;
  let drawn = false;
  return {
    active: true,
    update(done, total, detail) {
      const now = Date.now();
      if (now - lastDraw < redrawEveryMs && done < total) return;
      lastDraw = now;
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(ratio * BAR_WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
      const line = `${label} ${bar} ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total} ${unit}${detail ? `, ${detail}` : ''}`;
      tty.write(`\r${line.slice(0, Math.max(10, (tty.columns || 80) - 1))}\u001b[K`);
      drawn = true;
    },
    stop() {
      if (drawn) tty.write('\r\u001b[K');
      drawn = false;
    },
  };
}
