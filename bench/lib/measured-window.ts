import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { promisify } from 'node:util';

/**
 * Opens the window of the calls a CPU bench measures (bench/decision-cpu.ts, bench/text-stages-cpu.ts): under
 * callgrind (`--instr-atstart=no`) switches its instrumentation on (`callgrind_control -i`), and with `profile` starts
 * an inspector CPU profile sampling every `intervalUs`. The answer closes the window: instrumentation off, the profile
 * written to `profile`.
 */
export async function openMeasuredWindow(opts: {
  callgrind: boolean;
  profile?: string;
  intervalUs: number;
  /** Writes a sampling heap profile of the window's allocations (`.heapprofile`, objects collected in it included). */
  heapProfile?: string;
}): Promise<() => Promise<void>> {
  const callgrind = (...args: string[]) => promisify(execFile)('callgrind_control', [...args, String(process.pid)]);
  if (opts.callgrind) await callgrind('-i', 'on');
  const session = opts.profile || opts.heapProfile ? new Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((ok, fail) => session!.post(method, params, (err, r) => (err ? fail(err) : ok(r))));
  if (session) session.connect();
  if (opts.profile) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: opts.intervalUs });
    await post('Profiler.start');
  }
  if (opts.heapProfile) {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return async () => {
    if (opts.callgrind) await callgrind('-i', 'off');
    if (opts.profile) {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(opts.profile, JSON.stringify(profile));
    }
    if (opts.heapProfile) {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
      writeFileSync(opts.heapProfile, JSON.stringify(profile));
    }
  };
}
