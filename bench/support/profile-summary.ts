/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) this summary reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
    children?: number[];
  }>;
  /** Microseconds of the monotonic clock, as `process.hrtime` reads it. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: a package, Node itself, V8, or the service's own bundle. */
function areaOf(url: string, name: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('dist-server/')) return 'service';
  return name.startsWith('(') ? name : 'v8';
}

const percent = (part: number, whole: number) => `${((part * 100) / whole).toFixed(1)}%`;

/** The monotonic clock in microseconds, comparable with a profile's sample times. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time by area and by function, and the time spent inside each function and
 * what it calls (each sample counted once per function on its stack), counting only
 * samples taken at or after `fromMicros` (so start-up and warm-up stay out). Idle
 * time is left out of the whole.
 */
export function summarizeProfile(profile: CpuProfile, fromMicros = 0, top = 25): string {
  const endTime = profile.timeDeltas.reduce((sum, delta) => sum + delta, profile.startTime);
  if (fromMicros > endTime) throw new Error('the profile ends before the time asked for');
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.split('/').pop() ?? '';
    return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  };

  const self = new Map<string, number>();
  const inside = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let sampledAt = profile.startTime;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    sampledAt += micros;
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || sampledAt < fromMicros) return;
    busy += micros;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    self.set(label(id), (self.get(label(id)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(at);
      if (seen.has(name)) continue;
      seen.add(name);
      inside.set(name, (inside.get(name) ?? 0) + micros);
    }
  });

  const ranked = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${percent(micros, busy).padStart(6)}  ${name}`);
  return [
    `busy ${(busy / 1e6).toFixed(1)} s of the last ${((endTime - Math.max(fromMicros, profile.startTime)) / 1e6).toFixed(1)} s`,
    'self time by area:',
    ...ranked(areas),
    'self time by function:',
    ...ranked(self),
    'time inside a function and its callees:',
    ...ranked(inside),
  ].join('\n');
}
