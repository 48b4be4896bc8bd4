// Running the test suites' commands side by side as far as the machine's cores allow, and the one
// summary line, read from each runner's own report (Jest's and Playwright's JSON, a check's exit status).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { log, setPriority } from './process.mjs';

/** What one finished command counts as: passed and failed tests, read from the runner's report. */
export const reports = {
  /** Jest's own `--json --outputFile` report. */
  jest: (file) => () => {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
  },
  /** Playwright's own JSON reporter (PLAYWRIGHT_JSON_OUTPUT_NAME). */
  playwright: (file) => () => {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  },
};

/** The priority (nice value) of a command that keeps no core to itself: it runs on what the others leave idle. */
const BACKGROUND_PRIORITY = 10;

/**
 * Runs the commands, each started as soon as what it needs is ready (its `after` promise: a build, say)
 * and the cores it keeps busy are free (a command that needs more cores than there are runs alone), so
 * light checks share the machine and heavy suites do not slow each other's timings. A command of 0 cores
 * (checks with no timings: type checks, lint, the contract's unit tests) starts once ready and runs at a low priority,
 * on the time the others leave. With several commands, each one's output is kept and printed when it
 * ends. A command whose `after` fails fails too. `onEnd` stops what a command used (a server started for it); `count(ok)` reads what it passed and failed.
 */
export async function runSteps(steps, { cores = os.availableParallelism(), logDir }) {
  const live = steps.length === 1;
  const waiting = [...steps];
  const ready = new Set(steps.filter((step) => !step.after));
  const results = new Map();
  let busy = 0;
  let running = 0;
  await new Promise((resolve) => {
    const finish = (step, result) => {
      results.set(step, result);
      if (results.size === steps.length) resolve();
      else startWhatFits();
    };
    // In the order the steps were added: a ready step that waits for cores holds back the cored steps after it
    // (a light check would otherwise take the core a heavy suite is waiting for, and the heavy one would start
    // last); steps of 0 cores always start.
    const startWhatFits = () => {
      let held = false;
      for (const step of [...waiting]) {
        if (!ready.has(step) || (step.cores > 0 && held)) continue;
        if (step.cores > 0 && running > 0 && busy + step.cores > cores) {
          held = true;
          continue;
        }
        waiting.splice(waiting.indexOf(step), 1);
        const counted = step.cores > 0 ? 1 : 0;
        busy += step.cores;
        running += counted;
        start(step, live, logDir).then((result) => {
          busy -= step.cores;
          running -= counted;
          finish(step, result);
        });
      }
    };
    for (const step of steps.filter((step) => step.after)) {
      step.after.then(
        () => {
          ready.add(step);
          startWhatFits();
        },
        (error) => {
          waiting.splice(waiting.indexOf(step), 1);
          log(`✗ ${step.name}: not run (${error.message})`);
          finish(step, { name: step.name, ok: false, passed: 0, failed: 1, seconds: 0 });
        },
      );
    }
    if (!waiting.length) resolve();
    else startWhatFits();
  });
  return steps.map((step) => results.get(step));
}

async function start(step, live, logDir) {
  log(`▶ ${step.name}`);
  const t0 = Date.now();
  const logFile = path.join(logDir, `${step.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const out = live ? 'inherit' : fs.openSync(logFile, 'w');
  const status = await new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: ROOT, stdio: ['ignore', out, out], env: { ...process.env, ...step.env } });
    if (step.cores === 0) setPriority(child, BACKGROUND_PRIORITY);
    child.on('error', (error) => {
      if (!live) fs.appendFileSync(logFile, `${error.message}\n`);
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  await step.onEnd?.();
  const seconds = (Date.now() - t0) / 1000;
  if (!live) {
    fs.closeSync(out);
    log(`■ ${step.name} (${seconds.toFixed(0)} s, output follows; also in ${path.relative(ROOT, logFile)})`);
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
  }
  const ok = status === 0;
  let counted = null;
  try {
    counted = step.count ? step.count(ok) : null;
  } catch {
    // No report (the runner did not start or crashed): the exit status counts.
  }
  return { name: step.name, ok, passed: counted?.passed ?? (ok ? 1 : 0), failed: counted?.failed ?? (ok ? 0 : 1), seconds };
}
