/**
 * A small search that finds an input script taking the nurse from a level's start to its patient.
 * Used by the "every level is winnable" and input-log tests and by the benchmarks in tests/perf/.
 *
 * Best-first search over "macros" (walk, wait, jumps with different amounts of steering). Every macro
 * ends when the nurse stands on something again, so the search graph is made of landing spots.
 * Nodes are deduplicated on the nurse position plus the phase of the viruses near her, so waiting for
 * a virus to pass is possible. Any node where a life is lost is dropped. The result is replayed from
 * scratch before it is returned, so a returned script is always a real win.
 */
import { NURSE_HEIGHT, NURSE_WIDTH, PATIENT_HEIGHT, PATIENT_WIDTH, SPEED } from '../src/game/constants';
import { NO_INPUT, startAtLevel, step } from '../src/game/engine';
import { INPUT_JUMP, INPUT_LEFT, INPUT_RIGHT, inputFromBits } from '../src/game/input-log';
import { LEVELS, getLevel } from '../src/game/levels';
import type { GameState, LevelData } from '../src/game/types';

/** One run of an input script: the input as bits (1 left, 2 right, 4 jump) and how many steps it is held. */
export type InputRun = [bits: number, count: number];

/** The level set and the virus seed a script is solved for. */
export interface World {
  levels?: readonly LevelData[];
  seed?: number;
}

export interface Solution {
  level: number;
  /** The input script, as runs. */
  runs: InputRun[];
  /** Steps from the level start until the level is complete. */
  steps: number;
  /** Search nodes expanded. */
  expanded: number;
}

export interface SolveOptions extends World {
  /** Give up after expanding this many nodes (default 20000). */
  maxNodes?: number;
}

interface Macro {
  runs: InputRun[];
  /** Input held after the runs until the nurse lands. */
  settle: number;
}

const L = INPUT_LEFT;
const R = INPUT_RIGHT;
const J = INPUT_JUMP;

const MACROS: Macro[] = [
  { runs: [[R, 8]], settle: R },
  { runs: [[L, 8]], settle: L },
  { runs: [[0, 10]], settle: 0 },
  { runs: [[R, 2]], settle: R },
  { runs: [[L, 2]], settle: L },
  { runs: [[J, 1]], settle: 0 },
  { runs: [[J | R, 1]], settle: R },
  {
    runs: [
      [J | R, 1],
      [R, 6],
    ],
    settle: 0,
  },
  {
    runs: [
      [J | R, 1],
      [R, 14],
    ],
    settle: 0,
  },
  {
    runs: [
      [J | R, 1],
      [R, 24],
    ],
    settle: 0,
  },
  {
    runs: [
      [J, 1],
      [0, 14],
    ],
    settle: R,
  },
  { runs: [[J | L, 1]], settle: L },
  {
    runs: [
      [J | L, 1],
      [L, 6],
    ],
    settle: 0,
  },
  {
    runs: [
      [J | L, 1],
      [L, 14],
    ],
    settle: 0,
  },
  {
    runs: [
      [J, 1],
      [0, 14],
    ],
    settle: L,
  },
];

/** Most steps a macro may take to land again. */
const MAX_SETTLE = 150;

interface Node {
  state: GameState;
  parent: Node | null;
  runs: InputRun[];
  f: number;
}

function won(s: GameState): boolean {
  return s.status === 'levelComplete' || s.status === 'celebrating' || s.status === 'completed';
}

function pushRun(runs: InputRun[], bits: number): void {
  const last = runs[runs.length - 1];
  if (last && last[0] === bits) last[1]++;
  else runs.push([bits, 1]);
}

/** Applies a macro; returns the resulting state and the runs actually used, or null if a life was lost. */
function applyMacro(start: GameState, macro: Macro): { state: GameState; runs: InputRun[] } | null {
  let s = start;
  const runs: InputRun[] = [];
  for (const [bits, count] of macro.runs) {
    const input = inputFromBits(bits);
    for (let i = 0; i < count; i++) {
      s = step(s, input);
      pushRun(runs, bits);
      if (won(s)) return { state: s, runs };
      if (s.status !== 'playing') return null;
    }
  }
  const settle = inputFromBits(macro.settle);
  for (let i = 0; i < MAX_SETTLE && !s.nurse.onGround; i++) {
    s = step(s, settle);
    pushRun(runs, macro.settle);
    if (won(s)) return { state: s, runs };
    if (s.status !== 'playing') return null;
  }
  return s.nurse.onGround ? { state: s, runs } : null;
}

/** Min-heap on f. */
class Heap {
  private items: Node[] = [];
  get size(): number {
    return this.items.length;
  }
  push(n: Node): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as Node).f <= n.f) break;
      a[i] = a[p] as Node;
      i = p;
    }
    a[i] = n;
  }
  pop(): Node | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mf = last.f;
        if (l < a.length && (a[l] as Node).f < mf) {
          m = l;
          mf = (a[l] as Node).f;
        }
        if (r < a.length && (a[r] as Node).f < mf) m = r;
        if (m === i) break;
        a[i] = a[m] as Node;
        i = m;
      }
      a[i] = last;
    }
    return top;
  }
}

function key(s: GameState): string {
  const n = s.nurse;
  let k = `${Math.round(n.x / 4)},${Math.round(n.y / 4)}`;
  for (const v of s.viruses) {
    if (Math.abs(v.x - n.x) < 260 && Math.abs(v.y - n.y) < 200) k += `|${Math.round(v.x / 12)}${v.dir}`;
  }
  return k;
}

function heuristic(s: GameState, level: LevelData): number {
  const dx = level.patient.x + PATIENT_WIDTH / 2 - (s.nurse.x + NURSE_WIDTH / 2);
  const dy = level.patient.y + PATIENT_HEIGHT / 2 - (s.nurse.y + NURSE_HEIGHT / 2);
  return (Math.abs(dx) + Math.abs(dy)) / SPEED;
}

/** Replays an input script from a level's start; returns the final state. */
export function replay(level: number, runs: readonly InputRun[], world: World = {}): GameState {
  let s = startAtLevel(level, world);
  for (const [bits, count] of runs) {
    const input = inputFromBits(bits);
    for (let i = 0; i < count; i++) s = step(s, input);
  }
  return s;
}

/** Finds an input script that completes `level`, or null if the search gives up. */
export function solveLevel(level: number, options: SolveOptions = {}): Solution | null {
  const maxNodes = options.maxNodes ?? 20000;
  const data = getLevel(options.levels ?? LEVELS, level);
  const seen = new Set<string>();
  const heap = new Heap();

  // Let the nurse land at the start.
  let s0 = startAtLevel(level, options);
  const startRuns: InputRun[] = [];
  for (let i = 0; i < MAX_SETTLE && !s0.nurse.onGround && s0.status === 'playing'; i++) {
    s0 = step(s0, NO_INPUT);
    pushRun(startRuns, 0);
  }
  if (s0.status !== 'playing') return null;
  heap.push({ state: s0, parent: null, runs: startRuns, f: heuristic(s0, data) * 3 });
  seen.add(key(s0));

  let expanded = 0;
  while (heap.size > 0 && expanded < maxNodes) {
    const node = heap.pop() as Node;
    expanded++;
    for (const macro of MACROS) {
      const r = applyMacro(node.state, macro);
      if (!r) continue;
      const child: Node = { state: r.state, parent: node, runs: r.runs, f: 0 };
      if (won(r.state)) {
        const parts: InputRun[][] = [];
        for (let n: Node | null = child; n; n = n.parent) parts.push(n.runs);
        const runs: InputRun[] = [];
        for (let i = parts.length - 1; i >= 0; i--) {
          for (const [bits, count] of parts[i] as InputRun[]) {
            const last = runs[runs.length - 1];
            if (last && last[0] === bits) last[1] += count;
            else runs.push([bits, count]);
          }
        }
        const check = replay(level, runs, options);
        if (!won(check)) return null; // cannot happen: the engine is deterministic
        return { level, runs, steps: check.levelSteps, expanded };
      }
      const k = key(r.state);
      if (seen.has(k)) continue;
      seen.add(k);
      child.f = r.state.levelSteps + 3 * heuristic(r.state, data);
      heap.push(child);
    }
  }
  return null;
}
