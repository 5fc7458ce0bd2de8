// Records and sums a Chromium timeline trace of one page load (bench/load-trace.mjs) or one tap (bench/interaction.mjs): the renderer's main thread's top-level
// tasks, their time split by the kind of work of their direct children, script time per script URL, and the part
// of style and layout spent matching fonts.

// `fonts`: on desktop Linux the renderer asks the browser's font service, over a blocking call, for each family of
// a font stack and each size it meets; that wait is in the page's layout at any CPU speed (docs/operations.md "Main
// thread and interactions", the sixth sitting of 2026-11-30).
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'fonts'];
const FONT_MATCHING = /^(FontCache::|FontDataManager::|FontServiceThread::|WebSandboxSupportLinux::)/;

/** Starts Chromium's timeline trace on a page's DevTools session; `stop()` ends it and resolves to its events. */
export async function startTrace(cdp) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

const KIND = [
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|V8\.Execute|v8\.run)$/,
    'script',
  ],
  [/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|CacheScript)/, 'compile'],
  [/^ParseHTML$/, 'parse HTML'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections)$/, 'layout'],
  [/^(Paint|PaintImage|CompositeLayers|Layerize|PrePaint|Decode Image|ImageDecodeTask|Commit)$/, 'paint'],
  [/^(MinorGC|MajorGC|BlinkGC\.|V8\.GC|ThreadState::)/, 'gc'],
];
const kindOf = (name) => KIND.find(([re]) => re.test(name))?.[1] ?? 'other';

/** The renderer main thread of the page under `origin`: the thread named CrRendererMain with the most task time. */
function mainThread(events) {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = null;
  let bestMs = -1;
  for (const t of names) {
    const ms = events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (ms > bestMs) [best, bestMs] = [t, ms];
  }
  return best;
}

const scriptUrl = (e, origin) => {
  const url = e.args?.data?.url || e.args?.data?.scriptName || e.args?.data?.stackTrace?.[0]?.url || '';
  return url.startsWith(origin) ? url.slice(origin.length) : url || '(inline or unknown)';
};

export function summariseTrace(events, origin) {
  const thread = mainThread(events);
  if (!thread) return { busy_ms: 0, by_kind: {}, by_script: [] };
  const mine = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined);
  mine.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const byKind = {};
  const byScript = new Map();
  let busy = 0;
  for (const task of tasks) {
    busy += task.dur;
    const end = task.ts + task.dur;
    // The task's direct children: events inside it not inside another child (the trace is well nested per thread).
    let lo = 0;
    for (let hi = mine.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (mine[mid].ts < task.ts) lo = mid + 1;
      else hi = mid;
    }
    const inside = [];
    for (let i = lo; i < mine.length && mine[i].ts < end; i++)
      if (mine[i] !== task && mine[i].ts + mine[i].dur <= end) inside.push(mine[i]);
    let covered = 0;
    let reach = -1;
    for (const e of inside) {
      if (e.ts < reach) continue;
      reach = e.ts + e.dur;
      covered += e.dur;
      const kind = kindOf(e.name);
      byKind[kind] = (byKind[kind] ?? 0) + e.dur;
      if (kind === 'script') {
        const url = scriptUrl(e, origin);
        byScript.set(url, (byScript.get(url) ?? 0) + e.dur);
      }
    }
    byKind['task only'] = (byKind['task only'] ?? 0) + Math.max(0, task.dur - covered);
  }
  // Font matching happens inside style and layout: counted apart, outermost events only, not added to the kinds.
  let fonts = 0;
  let fontsReach = -1;
  for (const e of mine) {
    if (!FONT_MATCHING.test(e.name) || e.ts < fontsReach) continue;
    fontsReach = e.ts + e.dur;
    fonts += e.dur;
  }
  const ms = (us) => Math.round(us / 1000);
  return {
    busy_ms: ms(busy),
    font_matching_ms: ms(fonts),
    by_kind: Object.fromEntries(
      Object.entries(byKind)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, ms(v)]),
    ),
    by_script: [...byScript].sort((a, b) => b[1] - a[1]).map(([url, v]) => ({ url, ms: ms(v) })),
  };
}
