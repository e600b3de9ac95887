import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createSessionStore } from '../../db/session-store.ts';

declare module 'fastify' {
  interface Session {
    cartId?: string;
  }
}

export const SESSION_COOKIE = 'dino.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Registers cookies and sessions in the calling (encapsulated) scope only: signing a session costs
 * on every request, so only cart routes and the pages that render a cart pay for it.
 */
export async function registerSession(app: FastifyInstance, db: Database, secret: string): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    store: createSessionStore(db),
    // A visitor who only browses gets no session row and no cookie.
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: THIRTY_DAYS_MS },
  });
}
