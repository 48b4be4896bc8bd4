/**
 * The probes a load balancer calls, GET/HEAD /_health (liveness, 204) and /_ready (readiness: 200 while the
 * database answers within a second, 503 otherwise and from the moment the instance starts to shut down),
 * answered by the edge once it knows the chain's security headers: the first /_health goes to the chain, and
 * its answer teaches them (replies.ts). Readiness comes from one database check a second, shared by every
 * caller (a flood of /_ready costs no more than one); the chain's /_ready (middlewares/request-context.ts)
 * answers from the same check.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { isShuttingDown } from '../utils/lifecycle';
import { cachePolicy } from './cache-policy';
import { headerLines, type HeaderLines, type Replies } from './replies';

/** How long the database has to answer `select 1`. */
const READY_TIMEOUT_MS = 1000;
/** How often an instance asks its database, however many probes ask it. */
const READY_CHECK_EVERY_MS = 1000;

export interface Readiness {
  status: 200 | 503;
  body: { status: 'ready' | 'shutting down' | 'database unavailable' };
}

export interface Probes {
  /** The answer to /_ready now. */
  readiness(): Promise<Readiness>;
  /** Answers /_health from the edge (true), or leaves it to the chain (false) while the headers are not known yet. */
  health(req: IncomingMessage, res: ServerResponse, started: bigint): boolean;
  /** Answers /_ready from the edge (true), or leaves it to the chain (false) while the headers are not known yet. */
  ready(req: IncomingMessage, res: ServerResponse, started: bigint): boolean;
}

/** Whether the database answers within READY_TIMEOUT_MS. */
async function databaseAnswers(strapi: Core.Strapi): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const probe = strapi.db.connection.raw('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createProbes(strapi: Core.Strapi, replies: Replies): Probes {
  let check: { at: number; answer: Promise<boolean> } | null = null;
  const isReady = async () => {
    if (isShuttingDown()) return false;
    const now = performance.now();
    if (!check || now - check.at >= READY_CHECK_EVERY_MS) check = { at: now, answer: databaseAnswers(strapi) };
    return (await check.answer) && !isShuttingDown();
  };

  const readiness = async (): Promise<Readiness> => {
    const ready = await isReady().catch(() => false);
    return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : isShuttingDown() ? 'shutting down' : 'database unavailable' } };
  };

  let healthLines: HeaderLines | null = null;
  return {
    readiness,
    health(req, res, started) {
      healthLines ??= replies.security && headerLines(replies.security);
      if (healthLines) {
        replies.send(req, res, started, '/_health', 204, healthLines);
        return true;
      }
      res.once('finish', () => {
        if (res.statusCode === 204) replies.learnFrom(res);
      });
      return false;
    },
    ready(req, res, started) {
      const { security } = replies;
      if (!security) return false;
      void readiness().then(({ status, body }) => {
        const text = JSON.stringify(body);
        const lines = headerLines(
          { ...security, 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicy.noStore() },
          'content-length',
          String(Buffer.byteLength(text)),
        );
        replies.send(req, res, started, '/_ready', status, lines, text);
      });
      return true;
    },
  };
}
