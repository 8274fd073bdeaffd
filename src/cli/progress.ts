// Progress on stderr: a bar redrawn in place on a terminal, plain lines otherwise (logs, pipes).
import type { Progress } from "../jobs/types";
import type { Lang } from "../sheet/i18n/lang";
import { groupDigits } from "../sheet/i18n/plural";
import { words, type Doing } from "./words";

export interface ProgressReporter {
  update(p: Progress): void;
  done(): void;
}

/** "1,000/1,500", or "1,000" when the total is not known. */
const counted = (p: Progress): string => (p.total !== undefined ? `${groupDigits(p.done)}/${groupDigits(p.total)}` : groupDigits(p.done));

/** `doing`: the command (or act's action), named in the run's language at the start of each line. */
export function progressReporter(doing: Doing, lang: Lang, stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  const label = words(lang).doing[doing];
  if (stream.isTTY) {
    let last = 0;
    let drawn = false;
    return {
      update(p) {
        const now = Date.now();
        if (now - last < 80 && p.done !== p.total) return;
        last = now;
        const width = 30;
        const ratio = p.total ? Math.min(1, p.done / p.total) : 0;
        const filled = Math.round(ratio * width);
        const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
        stream.write(`\r${label} ${bar} ${counted(p)} `);
        drawn = true;
      },
      done() {
        if (drawn) stream.write("\n");
      },
    };
  }
  return {
    update(p) {
      if (p.message) stream.write(`${label}: ${p.message}${p.total !== undefined ? ` (${counted(p)})` : ""}\n`);
    },
    done() {},
  };
}
