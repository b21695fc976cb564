// A route names the io-ts codec of its input once, in its schema – `{ schema: { body: Codec } }` (or `querystring`).
// Fastify runs the codec before the handler; the handler reads the decoded value (brands and transformations
// applied) with bodyOf(request), typed, and `npm run openapi` documents the same codec (routeCatalog.ts).
import { decode } from '@rechtschat/core';
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider, preValidationHookHandler } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { DomainError } from '../errors.js';

declare const decoded: unique symbol;
/**
 * `request.body` / `request.query` of a route whose schema names a codec: readable only through bodyOf / queryOf,
 * which refuse input that did not decode – at the point the handler asks, after its own session checks.
 */
export interface Decoded<A> {
  readonly [decoded]: A;
}

declare const pathParamsMark: unique symbol;
/** A `params` schema made by pathParams: typed as is (it never refuses, so there is nothing to check). */
export type PathParamsCodec<P> = t.Type<P, P, unknown> & { readonly [pathParamsMark]: true };

/** Types a route's input by the codecs its schema names. */
export interface IoTsTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends PathParamsCodec<infer P> ? P : this['schema'] extends t.Type<infer A, infer _O, infer _I> ? Decoded<A> : unknown;
  readonly serializer: unknown;
}

/** An io-ts codec, told apart from a JSON Schema (which has no decode function). */
export function isCodec(schema: unknown): schema is t.Mixed {
  return typeof schema === 'object' && schema !== null && typeof (schema as { decode?: unknown }).decode === 'function';
}

/** The error a scope answers input that does not decode with; `details` names the fields at fault in German. */
export type RefuseInput = (details: string) => Error;

/** The platform's answer: 400 BadRequest "Die Anfrage ist ungültig. Das Feld „Stars“ fehlt oder …". */
export const refuseBadRequest: RefuseInput = (details) => new DomainError('BadRequest', `Die Anfrage ist ungültig. ${details}`);

/** Fastify's validator compiler for io-ts codecs. */
function ioTsValidatorCompiler(refuse: RefuseInput): FastifySchemaCompiler<unknown> {
  return ({ schema, method, url, httpPart }) => {
    if (!isCodec(schema)) throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema must be an io-ts codec`);
    return (data: unknown) => {
      const result = decode(schema, data);
      if (E.isLeft(result)) return { error: refuse(result.left.message.replace(/^Ungültige Daten: /, '')) };
      return { value: result.right };
    };
  };
}

/**
 * Every route schema of `app` (and the scopes it registers) is an io-ts codec; call before any route is added. A
 * scope with its own refusal (the case-file API's InvalidInput) calls it again with `refuse`.
 * Fastify decodes before the handler runs but only attaches a refusal (`attachValidation`): the handler throws it
 * with bodyOf / queryOf after its session checks, so a request without a session answers 401 whatever it sends.
 */
export function installRouteSchemas(app: FastifyInstance, refuse: RefuseInput = refuseBadRequest): void {
  app.setValidatorCompiler(ioTsValidatorCompiler(refuse));
  app.addHook('onRoute', (route) => {
    if (route.schema !== undefined) route.attachValidation = true;
  });
}

interface RouteInput {
  readonly validationError?: Error;
}

/** The route's decoded body; throws the scope's refusal (400 BadRequest, or InvalidInput on the case-file API). */
export function bodyOf<A>(request: RouteInput & { readonly body: Decoded<A> }): A {
  if (request.validationError) throw request.validationError;
  return request.body as unknown as A;
}

/** The route's decoded query string, refused like bodyOf. */
export function queryOf<A>(request: RouteInput & { readonly query: Decoded<A> }): A {
  if (request.validationError) throw request.validationError;
  return request.query as unknown as A;
}

/**
 * A route's named path parameters as a `params` schema, so the handler's `request.params` is typed without a
 * second name for the route's types. Fastify always supplies them as strings: this never refuses.
 */
export function pathParams<K extends string>(...names: readonly K[]): PathParamsCodec<Record<K, string>> {
  return t.type(Object.fromEntries(names.map((name) => [name, t.string])) as Record<K, t.StringC>) as unknown as PathParamsCodec<Record<K, string>>;
}

/**
 * A body-less request (DELETE with step-up fields left out) decodes as `{}`: Fastify hands a validator `null`
 * for a missing body, which an object codec refuses. Use as the route's `preValidation`.
 */
export const emptyBodyAsObject: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};
