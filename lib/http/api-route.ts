// Wraps every JSON route handler: request id, session, error mapping. Handlers
// only parse input, call one domain function and return its result.
import { randomUUID } from 'node:crypto';
import { NextResponse } from 'next/server';
import { ZodError } from 'zod';
import { actorFromCookieHeader } from '../auth/current-actor';
import type { Actor } from '../auth/permissions';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { AppError, isAppError } from '../errors';
import { log } from '../log';

export type RouteContext<P> = { req: Request; actor: Actor; params: P; requestId: string };
type Handler<P> = (ctx: RouteContext<P>) => Promise<Response | unknown>;

export function errorResponse(error: AppError, extra?: Record<string, unknown>) {
  return NextResponse.json(
    { error: { code: error.code, message: error.message, ...(error.details ?? {}) }, ...(extra ?? {}) },
    { status: error.status },
  );
}

export function zodToAppError(e: ZodError): AppError {
  const issues = e.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input.';
  return new AppError('invalid_input', message, { issues });
}

export function toResponse(e: unknown, requestId: string): Response {
  if (isAppError(e)) return errorResponse(e, e.extra);
  if (e instanceof ZodError) return errorResponse(zodToAppError(e));
  if (isDatabaseUnavailable(e)) {
    // Expected while the database restarts: one line, not a stack trace per request.
    log.warn({ requestId, err: (e as Error)?.message?.split('\n').filter(Boolean).at(-1) }, 'database unavailable');
    return errorResponse(databaseUnavailableError());
  }
  log.error({ err: e, requestId }, 'unhandled error in route');
  return errorResponse(new AppError('internal', `Something went wrong on our side (request ${requestId}).`));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Cross-site request forgery: a browser names the page's origin on every POST;
// refuse mutations whose origin is not this app's.
function assertSameOrigin(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  const own = process.env.NEXTAUTH_URL ? new URL(process.env.NEXTAUTH_URL).origin : null;
  const extra = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (site === 'cross-site' || (origin && origin !== own && !extra.includes(origin))) {
    throw new AppError('forbidden', 'Cross-site requests are not allowed.');
  }
}

export function apiRoute<P = Record<string, string | string[]>>(handler: Handler<P>) {
  return async (req: Request, context: { params: Promise<P> }) => {
    const requestId = req.headers.get('x-request-id')?.slice(0, 100) || randomUUID();
    try {
      assertSameOrigin(req);
      const actor = await actorFromCookieHeader(req.headers.get('cookie') ?? undefined);
      if (!actor) throw new AppError('unauthenticated', 'Sign in to use the Factdesk API.');
      const params = (await context?.params) ?? ({} as P);
      const result = await handler({ req, actor, params, requestId });
      const response = result instanceof Response ? result : NextResponse.json(result);
      response.headers.set('x-request-id', requestId);
      return response;
    } catch (e) {
      return toResponse(e, requestId);
    }
  };
}

export async function readJson(req: Request, maxBytes = 256 * 1024): Promise<unknown> {
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError('payload_too_large', `Request body is larger than ${maxBytes} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', 'Request body must be valid JSON.');
  }
}

export function searchParamsObject(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
