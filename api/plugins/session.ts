import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import { createSessionStore } from '../../db/session-store.ts';

declare module 'fastify' {
  interface Session {
    cartId?: string;
    /** The promo code applied on the cart page; checkout honours it too. */
    promoCode?: string;
  }
}

export const SESSION_COOKIE = 'dino.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Cookies and sessions for the scope that registers this plugin (not its parent): signing a session
 * costs on every request, so only cart routes and the pages that render a cart pay for it. Sessions
 * live in the database, so every instance of the shop on one PostgreSQL shares them.
 */
export const sessions = fp(async (app: FastifyInstance, { db, secret }: { db: Database; secret: string }) => {
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
}, { name: 'dino-shop-sessions', fastify: '5.x' });
