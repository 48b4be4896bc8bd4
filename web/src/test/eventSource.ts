import { act } from '@testing-library/react';

/** The browser's EventSource, driven by the test as the server would drive it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  private handlers = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends an event (its data's version is its id). */
  send(type: string, data: object, id = String((data as { version?: number }).version ?? '')) {
    act(() => {
      for (const handler of this.handlers.get(type) ?? []) handler({ data: JSON.stringify(data), lastEventId: id } as MessageEvent);
    });
  }
  /** The server refuses the stream (a 429): the browser closes it and reports an error. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  /** The open streams, the newest last. */
  static open() {
    return FakeEventSource.made.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }
  /** Puts it in place of the browser's (undone by uninstall). */
  static install() {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  }
  static uninstall() {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  }
}
