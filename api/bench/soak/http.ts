/**
 * The soak's HTTP calls to the API: each one timed, counted per kind of operation and checked
 * against the OpenAPI document the API serves; 5xx and answers outside the document are kept as
 * failures, refusals (4xx) counted by message.
 */
import { conformanceChecker, type OpenApiDocument } from '../../test/support/openapi-conformance';
import type { Figures } from './figures';

/** The fields of the API's answers the soak reads (each answer is checked against the document). */
export interface ApiOffer {
  _id: string;
  itemId: string;
  fromId: string;
  offer: number;
  status: string;
}
export interface ApiDetail {
  ownerId: string;
  market?: { listing: { _id: string; price: number } | null };
}
export interface Answer {
  id?: string;
  user?: { _id: string };
  token?: string;
  listing?: { _id: string };
  offer?: ApiOffer;
  results?: { _id: string; status: string }[];
  data?: unknown;
  message?: string;
}

/** One HTTP call, as `user` (its `Authorization` header) or anonymous. */
export type Call = (
  kind: string,
  method: string,
  path: string,
  body: unknown,
  user?: { auth: string },
) => Promise<{ status: number; json: Answer }>;

/** Calls on `base` (…/api/v1), checked against `doc` and counted in `figures`. */
export function createCall(base: string, doc: OpenApiDocument, figures: Figures): Call {
  // The soak calls documented operations only: an address reaching none is off-contract.
  const conforms = conformanceChecker(doc, { noOperation: 'undocumented' });
  /** One HTTP call, timed, checked against the document; 5xx and off-contract answers kept. */
  return async (kind, method, path, body, user) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(user === undefined ? {} : { authorization: user.auth }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    figures.record(kind, response.status, ms);
    const fail = (reason: string) => {
      figures.recordFailure({
        kind,
        reason,
        method,
        path,
        request: body,
        status: response.status,
        body: text.slice(0, 600),
      });
    };
    if (response.status >= 500) {
      figures.fiveXx += 1;
      fail('5xx');
    }
    const contract = conforms(method, `/api/v1${path}`, {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: text,
    });
    if (contract !== null) {
      figures.offContract += 1;
      fail(`${contract.kind} (${contract.op ?? 'no operation'}): ${contract.detail}`);
    }
    let json: Answer = {};
    try {
      json = JSON.parse(text) as Answer;
    } catch {
      // Reported above when the document says JSON.
    }
    if (response.status >= 400 && response.status < 500) {
      figures.recordRefusal(kind, response.status, json.message);
    }
    return { status: response.status, json };
  };
}
