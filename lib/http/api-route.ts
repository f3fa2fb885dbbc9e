// Wraps every JSON route handler: request id, session, error mapping. Handlers
// only parse input, call one domain function and return its result.
import 'server-only';
import { NextRequest, NextResponse } from 'next/server';
import { ZodError } from 'zod';
import { sessionFromCookieHeader } from '../auth/current-actor';
import type { Actor } from '../auth/permissions';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { AppError, invalidInputError, isAppError } from '../errors';
import { log } from '../log';
import { isAllowedOrigin } from './allowed-hosts';
import { requestIdFrom } from '../request-meta';
import { API_CSP } from './security-headers';

/** `sessionId`: the `sessions` row the request's cookie stands for (account pages name "this browser"). */
export type RouteContext<P> = { req: Request; actor: Actor; sessionId: string; params: P; requestId: string };
type Handler<P> = (ctx: RouteContext<P>) => Promise<unknown>;
export type PublicRouteContext<P> = { req: Request; params: P; requestId: string };

export function errorResponse(error: AppError, extra?: Record<string, unknown>) {
  const retryAfter = error.details?.retryAfterSeconds;
  return NextResponse.json(
    { error: { code: error.code, message: error.message, ...(error.details ?? {}) }, ...(extra ?? {}) },
    // A 429/503 that knows when to come back says so in the standard header too.
    { status: error.status, headers: typeof retryAfter === 'number' ? { 'retry-after': String(Math.ceil(retryAfter)) } : undefined },
  );
}

/** A string property of a thrown value, or '' (drivers throw all sorts of things). */
function stringProp(e: unknown, key: string): string {
  const value: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, key) : undefined;
  return typeof value === 'string' ? value : '';
}

// PostgreSQL refusing text it cannot store (NUL, bad encoding). Validation
// (lib/validation/text.ts) catches these first; this is the safety net for a
// field that missed it, so the caller still gets a 400 rather than a 500.
function isUnstorableText(e: unknown): boolean {
  const text = `${stringProp(e, 'code')} ${stringProp(e, 'message')}`;
  return /22021|22P05|invalid byte sequence for encoding|unsupported Unicode escape sequence/i.test(text);
}

export function toResponse(e: unknown, requestId: string): Response {
  if (isAppError(e)) return errorResponse(e, e.extra);
  if (e instanceof ZodError) return errorResponse(invalidInputError(e));
  if (isUnstorableText(e)) {
    log.warn({ err: e, requestId }, 'database refused text that validation let through');
    return errorResponse(new AppError('invalid_input', 'Text cannot contain NUL characters (U+0000) or invalid Unicode.'));
  }
  if (isDatabaseUnavailable(e)) {
    // Expected while the database restarts: one line, not a stack trace per request.
    log.warn({ requestId, err: stringProp(e, 'message').split('\n').filter(Boolean).at(-1) }, 'database unavailable');
    return errorResponse(databaseUnavailableError());
  }
  log.error({ err: e, requestId }, 'unhandled error in route');
  return errorResponse(new AppError('internal', `Something went wrong on our side (request ${requestId}).`));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Cross-site request forgery: a browser names the page's origin on every POST;
// refuse mutations whose origin is not one of this desk's own addresses on its
// port (lib/http/allowed-hosts.ts). Requests without Origin or Sec-Fetch-Site
// come from non-browser clients, which hold their own cookie.
export function assertSameOrigin(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site' || (origin && !isAllowedOrigin(origin))) {
    throw new AppError('forbidden', 'Cross-site requests are not allowed.');
  }
}

export function apiRoute<P = Record<string, string | string[]>>(handler: Handler<P>) {
  // Next.js passes no params for a route without dynamic segments.
  return async (req: Request, context: { params?: Promise<P> }) => {
    const requestId = requestIdFrom(req.headers.get('x-request-id'));
    try {
      assertSameOrigin(req);
      const session = await sessionFromCookieHeader(req.headers.get('cookie') ?? undefined);
      if (!session) throw new AppError('unauthenticated', 'Sign in to use the Factdesk API.');
      const params = (await context.params) ?? ({} as P);
      return answer(await handler({ req, actor: session.actor, sessionId: session.sessionId, params, requestId }), requestId);
    } catch (e) {
      return withApiHeaders(toResponse(e, requestId));
    }
  };
}

/**
 * For the few routes a signed-out person uses (accepting an invitation link):
 * the same origin check, request id and error mapping, and no session.
 */
export function publicRoute<P = Record<string, string | string[]>>(handler: (ctx: PublicRouteContext<P>) => Promise<unknown>) {
  return async (req: Request, context: { params?: Promise<P> }) => {
    const requestId = requestIdFrom(req.headers.get('x-request-id'));
    try {
      assertSameOrigin(req);
      const params = (await context.params) ?? ({} as P);
      return answer(await handler({ req, params, requestId }), requestId);
    } catch (e) {
      return withApiHeaders(toResponse(e, requestId));
    }
  };
}

function answer(result: unknown, requestId: string): Response {
  const response = result instanceof Response ? result : NextResponse.json(result);
  response.headers.set('x-request-id', requestId);
  return withApiHeaders(response);
}

/** A handler may set its own policy (the HTML export does); JSON gets API_CSP. */
function withApiHeaders(response: Response): Response {
  if (!response.headers.has('content-security-policy')) response.headers.set('content-security-policy', API_CSP);
  // The rest of an oversized body is never read: end the connection after answering.
  if (response.status === 413) response.headers.set('connection', 'close');
  return response;
}

/** For handlers that manage their own session (next-auth): only the CSRF origin check. */
export function sameOriginOnly<C>(handler: (req: Request, context: C) => Promise<Response> | Response) {
  return async (req: Request, context: C) => {
    try {
      assertSameOrigin(req);
    } catch (e) {
      return withApiHeaders(toResponse(e, requestIdFrom(req.headers.get('x-request-id'))));
    }
    return handler(req, context);
  };
}

export const MAX_JSON_BYTES = 256 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);

export function tooLarge(maxBytes: number, kind: string | null) {
  return new AppError('payload_too_large', `The request is too large: at most ${sizeText(maxBytes)}${kind ? ` of ${kind}` : ''} is accepted.`);
}

// Reads at most maxBytes: a huge body is refused as soon as it passes the limit,
// never buffered whole.
async function readLimited(req: Request, maxBytes: number, kind: string | null = 'JSON'): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge(maxBytes, kind);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading (cancelling would reset the connection before the 413 is
    // sent); the 413 closes the connection instead.
    if (size > maxBytes) throw tooLarge(maxBytes, kind);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The raw body, at most maxBytes (413 beyond, naming the limit), for bodies that are not JSON (multipart uploads). */
export function readBody(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return readLimited(req, maxBytes, null);
}

/** The body as JSON: at most maxBytes of valid UTF-8 (invalid bytes are refused, not replaced). */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const bytes = await readLimited(req, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_input', 'The request body is not valid UTF-8 text.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', 'Request body must be valid JSON.');
  }
}

/**
 * For handlers that read the body themselves (next-auth): the same limit and
 * 413 as readJson. The body is read up to the limit, then handed on buffered.
 */
export function bodyLimited<C>(handler: (req: NextRequest, context: C) => Promise<Response> | Response, maxBytes = MAX_JSON_BYTES) {
  return async (req: Request, context: C) => {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = await readLimited(req, maxBytes);
    } catch (e) {
      return withApiHeaders(toResponse(e, requestIdFrom(req.headers.get('x-request-id'))));
    }
    const hasBody = !SAFE_METHODS.has(req.method);
    return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body: hasBody ? body : undefined }), context);
  };
}

export function searchParamsObject(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
