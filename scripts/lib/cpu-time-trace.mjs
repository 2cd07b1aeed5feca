// A Chrome trace with each task at the CPU time its thread ran (the Lighthouse step's verdict).
/**
 * A task's CPU time, not the wall-clock time the machine let it have. Each top-level task of a
 * thread in a Chrome trace records both: `dur` (wall clock) and `tdur` (the time the thread was
 * running on a CPU). On a busy or throttled host (a neighbour's load, a CI VM's stolen time, a
 * cgroup's quota) the thread is descheduled mid-task and `dur` grows while `tdur` does not:
 * Lighthouse's simulation (Lantern), which multiplies each task's `dur` by the CPU slowdown, then
 * scores the machine's load, not the page (measured here: the same build gave TBT 63 ms on a quiet
 * host and 2,462 ms under a 0.5-CPU quota; its main thread ran 163 and 196 ms of CPU time).
 *
 * This returns the trace with each top-level task lasting its CPU time: the task keeps its start,
 * and every event of that thread inside it is moved and shortened in proportion, so nesting,
 * order and everything outside tasks stay as they were. Tasks without `tdur`, or whose `tdur` is
 * not shorter, are left alone. The events are copied, never changed in place.
 * @param {Array<Record<string, any>>} events a trace's `traceEvents`
 */
export function tasksAtCpuTime(events) {
  const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);
  const out = events.map((event) => ({ ...event }));
  /** @type {Map<string, Array<Record<string, any>>>} */
  const byThread = new Map();
  for (const event of out) {
    if (typeof event.ts !== 'number') continue;
    const key = `${event.pid}:${event.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(event);
  }
  const isTask = (event) => event.ph === 'X' && TASKS.has(event.name) && event.dur > 0;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    for (let i = 0; i < list.length; i++) {
      const task = list[i];
      if (!isTask(task)) continue;
      const start = task.ts;
      let end = start + task.dur;
      // Everything up to the task's end belongs to it (a task nested in it included), except a
      // task that starts inside it and ends after it: Chrome sometimes records a task running into
      // the next (crbug.com/329678173), and Lighthouse then ends the first where the second
      // starts; so does this, and the second is taken with its own CPU time.
      let j = i + 1;
      for (; j < list.length && list[j].ts < end; j++) {
        if (isTask(list[j]) && list[j].ts + list[j].dur > end) {
          end = list[j].ts;
          break;
        }
      }
      const span = end - start;
      // At least 1 µs: a task of no duration is no task to Lantern, which would leave its events
      // outside every task.
      const cpu =
        typeof task.tdur === 'number' && task.tdur >= 0
          ? Math.max(1, Math.min(task.tdur, span))
          : span;
      const factor = span > 0 ? cpu / span : 1;
      if (factor < 1 || end < start + task.dur) {
        task.dur = cpu;
        for (let k = i + 1; k < j; k++) {
          const inner = list[k];
          const innerEnd =
            typeof inner.dur === 'number' ? Math.min(inner.ts + inner.dur, end) : null;
          inner.ts = start + (inner.ts - start) * factor;
          if (innerEnd !== null) inner.dur = start + (innerEnd - start) * factor - inner.ts;
        }
      }
      i = j - 1;
    }
  }
  return out;
}
