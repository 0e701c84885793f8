// The progress of a long build step: one updating line in a terminal (cli-progress), and in CI,
// where stdout is not a terminal, a plain line at every tenth. Each says what is being made, how
// many of how many, and how many came from the cache; the step ends with its time.
import { Presets, SingleBar } from 'cli-progress';

export function progress(what: string, total: number, stream = process.stdout) {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  let done = 0;
  let cached = 0;
  let tenth = 0;
  const bar = stream.isTTY
    ? new SingleBar(
        {
          format: `${what} [{bar}] {value}/{total}, {cached} from the cache, {duration}s`,
          stream,
          hideCursor: true,
        },
        Presets.shades_classic,
      )
    : null;
  bar?.start(total, 0, { cached });
  return {
    /** One more made; `fromCache` when it was not made anew. */
    tick(fromCache: boolean) {
      done += 1;
      if (fromCache) cached += 1;
      bar?.update(done, { cached });
      if (!bar && Math.floor((done * 10) / total) > tenth) {
        tenth = Math.floor((done * 10) / total);
        stream.write(`${what}: ${done}/${total}, ${cached} from the cache, ${seconds()} s\n`);
      }
    },
    /** Ends the line and says what was done, with the step's time. */
    stop(summary: string) {
      bar?.stop();
      stream.write(`${summary} in ${seconds()} s.\n`);
    },
  };
}
