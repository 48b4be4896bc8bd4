/**
 * The game's sound effects, synthesised with Web Audio (no files): jump, coin, hit, level done, game over
 * and 'World Saved!'. The player's choice (on or off) is kept in this browser. With sound off no
 * AudioContext is ever created; with it on, the context is created on the player's own gesture (Start
 * Game, Play Again, the sound switch), as browsers require.
 */
import { STORAGE_KEYS } from '../../../lib/storage';

export type SoundEffect = 'jump' | 'coin' | 'hit' | 'levelDone' | 'gameOver' | 'worldSaved';

export function readSoundOn(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.sound) !== 'off';
  } catch {
    return true;
  }
}

function writeSoundOn(on: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.sound, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts this page.
  }
}

/** One tone: frequency from → to over `duration` seconds, starting `at` seconds from now. */
interface Tone {
  type: OscillatorType;
  from: number;
  to?: number;
  at?: number;
  duration: number;
  volume?: number;
}

const note = (from: number, at: number, duration = 0.09, type: OscillatorType = 'square'): Tone => ({ type, from, at, duration, volume: 0.12 });

const EFFECTS: Record<SoundEffect, Tone[]> = {
  jump: [{ type: 'square', from: 330, to: 660, duration: 0.12, volume: 0.08 }],
  coin: [note(988, 0, 0.06), note(1319, 0.06, 0.12)],
  hit: [{ type: 'sawtooth', from: 240, to: 70, duration: 0.3, volume: 0.15 }],
  levelDone: [note(523, 0), note(659, 0.1), note(784, 0.2), note(1047, 0.3, 0.2)],
  gameOver: [note(392, 0, 0.18, 'triangle'), note(330, 0.18, 0.18, 'triangle'), note(262, 0.36, 0.18, 'triangle'), note(196, 0.54, 0.4, 'triangle')],
  worldSaved: [note(523, 0), note(659, 0.1), note(784, 0.2), note(1047, 0.3), note(784, 0.45), note(1047, 0.55, 0.4)],
};

type AudioContextClass = typeof AudioContext;

export class GameSound {
  private context: AudioContext | null = null;
  private on: boolean;

  constructor(on = readSoundOn()) {
    this.on = on;
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Call from the player's gesture: creates (or resumes) the audio context, only when the sound is on. */
  unlock(): void {
    if (!this.on) return;
    if (!this.context) {
      const Context: AudioContextClass | undefined =
        (window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
      if (!Context) return;
      this.context = new Context();
    }
    if (this.context.state === 'suspended') void this.context.resume();
  }

  /** The sound switch (a gesture): remembered; turning it off closes the context. */
  setEnabled(on: boolean): void {
    this.on = on;
    writeSoundOn(on);
    if (on) this.unlock();
    else {
      void this.context?.close();
      this.context = null;
    }
  }

  play(effect: SoundEffect): void {
    const context = this.context;
    if (!this.on || !context || context.state !== 'running') return;
    const now = context.currentTime;
    for (const tone of EFFECTS[effect]) {
      const start = now + (tone.at ?? 0);
      const end = start + tone.duration;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.setValueAtTime(tone.from, start);
      if (tone.to) oscillator.frequency.exponentialRampToValueAtTime(tone.to, end);
      gain.gain.setValueAtTime(tone.volume ?? 0.1, start);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(end + 0.02);
    }
  }

  close(): void {
    void this.context?.close();
    this.context = null;
  }
}
