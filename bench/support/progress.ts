// A progress bar on stderr (a line every 10% when stderr is not a terminal),
// so stdout keeps only the tables.
export function progressBar(label: string, total: number) {
  const tty = process.stderr.isTTY;
  const started = Date.now();
  let lastDecile = -1;
  const render = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const counts = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(`\r  ${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${counts} ${secs}s`);
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (decile !== lastDecile) {
      lastDecile = decile;
      process.stderr.write(`  ${label} ${(ratio * 100).toFixed(0)}% ${counts} ${secs}s\n`);
    }
  };
  render(0);
  return {
    update: render,
    finish: () => {
      render(total);
      if (tty) process.stderr.write('\n');
    },
  };
}
