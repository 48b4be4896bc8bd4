/**
 * Player input for the game loop: the keyboard (arrows, WASD, Space; layout independent) and the
 * on-screen touch buttons, merged into the engine's Input for each step. No React here.
 */
import type { Input } from '@haic/contract';

export type Control = keyof Input;

/** Keyboard codes (layout independent) and keys for each control. */
const KEY_CONTROLS: Record<string, Control> = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  ArrowUp: 'jump',
  KeyW: 'jump',
  Space: 'jump',
};
const KEY_FALLBACK: Record<string, Control> = {
  a: 'left',
  d: 'right',
  w: 'jump',
  ' ': 'jump',
};

function controlFor(event: KeyboardEvent): Control | undefined {
  return KEY_CONTROLS[event.code] ?? KEY_CONTROLS[event.key] ?? KEY_FALLBACK[event.key.toLowerCase()];
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The keys and touch buttons held right now. */
export class InputState {
  private readonly keys: Record<Control, Set<string>> = { left: new Set(), right: new Set(), jump: new Set() };
  private touch: Input = { left: false, right: false, jump: false };

  /** The input for the next step(s). */
  current(): Input {
    return {
      left: this.keys.left.size > 0 || this.touch.left,
      right: this.keys.right.size > 0 || this.touch.right,
      jump: this.keys.jump.size > 0 || this.touch.jump,
    };
  }

  setTouch(control: Control, pressed: boolean): void {
    this.touch = { ...this.touch, [control]: pressed };
  }

  /** Everything up (the tab was hidden or the window lost focus: no key stays stuck). */
  releaseAll(): void {
    this.keys.left.clear();
    this.keys.right.clear();
    this.keys.jump.clear();
    this.touch = { left: false, right: false, jump: false };
  }

  /**
   * Listens to the keyboard on `target`. While `isPlaying()` the game's keys steer the nurse and do not
   * scroll the page; typing in a form field is left alone. Returns the function that stops listening.
   */
  listen(target: Window, isPlaying: () => boolean): () => void {
    const onKey = (event: KeyboardEvent) => {
      const control = controlFor(event);
      const playing = isPlaying();
      if (!control) {
        // ArrowDown steers nothing, but would still scroll the page under the game.
        if (event.key === 'ArrowDown' && playing && !isEditable(event.target)) event.preventDefault();
        return;
      }
      const down = event.type === 'keydown';
      if (down && (!playing || isEditable(event.target) || event.altKey || event.ctrlKey || event.metaKey)) return;
      const set = this.keys[control];
      if (down) set.add(event.code || event.key);
      else set.delete(event.code || event.key);
      if (playing) event.preventDefault();
    };
    const onBlur = () => this.releaseAll();
    target.addEventListener('keydown', onKey);
    target.addEventListener('keyup', onKey);
    target.addEventListener('blur', onBlur);
    return () => {
      target.removeEventListener('keydown', onKey);
      target.removeEventListener('keyup', onKey);
      target.removeEventListener('blur', onBlur);
    };
  }
}
