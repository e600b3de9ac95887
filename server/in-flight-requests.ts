import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The requests the server has received and not yet finished answering, per connection and in all,
 * from the HTTP server's own events: a request counts from its 'request' event (before the answer
 * cache or Fastify sees it) until its answer is sent ('finish') or its connection is lost ('close').
 */
export function inFlightRequests() {
  const perSocket = new Map<Socket, Map<IncomingMessage, Promise<void>>>();
  let total = 0;
  let idleWaiters: Array<() => void> = [];

  return {
    /** Counts the request until its answer is sent or its connection lost. */
    track(req: IncomingMessage, res: ServerResponse): void {
      const socket = req.socket;
      let requests = perSocket.get(socket);
      if (!requests) perSocket.set(socket, (requests = new Map()));
      total++;
      const answered = new Promise<void>((resolve) => {
        let done = false;
        const finished = () => {
          if (done) return;
          done = true;
          requests.delete(req);
          if (requests.size === 0) perSocket.delete(socket);
          total--;
          resolve();
          if (total > 0) return;
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const run of waiters) run();
        };
        res.once('finish', finished);
        res.once('close', finished);
      });
      requests.set(req, answered);
    },

    /**
     * Runs `then` once the requests received whole on this connection are answered (at once if none is
     * in flight). One still arriving is not waited for: it may never be whole.
     */
    afterAnswersOn(socket: Socket, then: () => void): void {
      const whole = [...(perSocket.get(socket) ?? [])].filter(([req]) => req.complete).map(([, answered]) => answered);
      if (whole.length === 0) then();
      else void Promise.all(whole).then(then);
    },

    /** Runs `then` once no request is in flight on any connection (at once if none is). */
    whenNone(then: () => void): void {
      if (total === 0) then();
      else idleWaiters.push(then);
    },

    /** Requests in flight in all. */
    count: (): number => total,
  };
}

export type InFlightRequests = ReturnType<typeof inFlightRequests>;
