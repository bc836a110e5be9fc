/** A progress bar on stderr, drawn only on a terminal (scripts and pipes get no control codes). */
import { terminalSafe } from '@atende/shared';

export interface Progress {
  advance(by: number): void;
  done(): void;
}

const WIDTH = 30;

export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total <= 0) return { advance: () => undefined, done: () => undefined };
  let current = 0;
  const shown = terminalSafe(label).replace(/\s+/g, ' ');
  const draw = () => {
    const ratio = Math.min(1, current / total);
    const filled = Math.round(ratio * WIDTH);
    stream.write(`\r${shown} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${current}/${total}`);
  };
  draw();
  return {
    advance(by) {
      current += by;
      draw();
    },
    done() {
      stream.write('\n');
    },
  };
}
