// What a handler gets: the validated request, typed by its endpoint, and the simulator's state.
import type * as z from 'zod';
import type { Endpoint } from '../../src/schema/endpoint';
import type { EndpointName, endpoints } from '../../src/schema/endpoints';
import type { RuntimeOptions } from '../options';
import type { UploadedBody } from '../binaryUpload';
import type { SimState } from '../state/seed';

export interface SimContext {
  state: SimState;
  options: RuntimeOptions;
  nowMs: number;
  requestId: string;
  /** The request's `Accept` header, for an endpoint that answers in several formats. */
  accept?: string;
  /** POST /binaries/raw: what its streamed body was. */
  upload?: UploadedBody;
}

type Part<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface Valid<E extends Endpoint> {
  params: z.output<E['params']>;
  query: Part<E['query']>;
  body: Part<E['body']>;
}

/** Returns the success body (undefined for 204), a HandlerReply to answer otherwise, or throws a SimError. */
export type Handler<E extends Endpoint> = (input: Valid<E>, ctx: SimContext) => unknown;

export type Handlers = { [K in EndpointName]: Handler<(typeof endpoints)[K]> };
