// A one-line progress bar on a terminal's stderr. On a pipe or a file it draws
// nothing, so CI logs and redirected output stay clean.
import type { WriteStream } from 'node:tty';

const REDRAW_EVERY_MS = 80;
const BAR_WIDTH = 28;

export interface ProgressBar {
  update(done: number, total: number): void;
  /** Erases the bar so that whatever is printed next starts on a clean line. */
  stop(): void;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, label = 'scanning'): ProgressBar {
  if (!stream.isTTY || process.env.CI === 'true') return { update() {}, stop() {} };
  const tty = stream as WriteStream;
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_EVERY_MS && done < total) return;
      lastDraw = now;
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(ratio * BAR_WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
      const line = `${label} ${bar} ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total} files`;
      tty.write(`\r${line.slice(0, Math.max(10, (tty.columns || 80) - 1))}\u001b[K`);
      drawn = true;
    },
    stop() {
      if (drawn) tty.write('\r\u001b[K');
      drawn = false;
    },
  };
}
