// A wall clock with sub-millisecond resolution that agrees between processes
// on one machine: performance.timeOrigin is read from the system clock when a
// process starts, performance.now() counts monotonically from there.
export const wallMs = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
