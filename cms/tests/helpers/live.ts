import http from 'http';

/** One thing a Server-Sent Events stream said: an event (id, event, data), a comment, or a retry hint. */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: number;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** When the first bytes of the body arrived, after the request was sent (ms); null before they have. */
  firstBytesMs: number | null;
  messages: SseMessage[];
  /** The events (messages with a data line), in order. */
  events(): SseMessage[];
  /** Resolves with the first message (from `from` on) that matches, or rejects after `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs: number, from?: number): Promise<SseMessage>;
  body: () => string;
  ended: Promise<void>;
  close(): void;
}

/** Opens GET `path` on a loopback port as an EventSource does, and reads the stream as it comes. */
export function openSse(port: number, { path = '/api/live', headers = {} }: { path?: string; headers?: Record<string, string> } = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const sent = Date.now();
    const req = http.get({ host: '127.0.0.1', port, path, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      let pending = '';
      let current: Partial<SseMessage> = {};
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      let endResolve: () => void = () => undefined;
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        firstBytesMs: null,
        messages,
        events: () => messages.filter((m) => m.data !== undefined),
        body: () => raw,
        ended: new Promise<void>((done) => (endResolve = done)),
        close: () => {
          req.destroy();
          res.destroy();
        },
        next(match, timeoutMs, from = 0) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = messages.slice(from).find(match);
              if (!hit) return false;
              waiters.delete(look as () => void);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(look as () => void);
              fail(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(from))}`));
            }, timeoutMs);
            if (!look()) waiters.add(look as () => void);
          });
        },
      };
      const push = (message: Partial<SseMessage>) => {
        messages.push({ ...message, at: Date.now() } as SseMessage);
        for (const waiter of [...waiters]) waiter();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (stream.firstBytesMs === null) stream.firstBytesMs = Date.now() - sent;
        raw += chunk;
        pending += chunk;
        let newline: number;
        while ((newline = pending.indexOf('\n')) !== -1) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (line === '') {
            if (Object.keys(current).length) push(current);
            current = {};
          } else if (line.startsWith(':')) push({ comment: line.slice(1).trim() });
          else {
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'retry') push({ retry: Number(value) });
            else if (field === 'id' || field === 'event' || field === 'data') current[field] = value;
          }
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(stream);
    });
    req.on('error', reject);
  });
}
