import 'server-only';
import { CODES } from '@/lib/shared/dto/envelope';
import { ApiError } from '../core/errors';
import { envelopeResponse, failureBody } from './reply';

export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** Marks the handlers below, so a test can tell them from a route's own. */
export const METHOD_NOT_ALLOWED = Symbol.for('shusheng.methodNotAllowed');

type NotAllowedHandler = ((req: Request) => Promise<Response>) & { [METHOD_NOT_ALLOWED]: true };

type OptionsHandler = () => Promise<Response>;

/**
 * Handlers for the methods a route does not implement: Next answers an unexported method with an empty 405 body,
 * which the client cannot show, so each route file exports these instead and gets the 40500 envelope with an
 * Allow header (docs/api.md "Methods"). Usage, last line of a route file: `export const { PUT, PATCH, DELETE,
 * POST, OPTIONS } = otherMethods('GET');`. OPTIONS is ours too: Next's own would list every exported method,
 * these included. Next answers HEAD from GET.
 */
export function otherMethods<const M extends RouteMethod>(
  ...allowed: M[]
): Record<Exclude<RouteMethod, M>, NotAllowedHandler> & { OPTIONS: OptionsHandler } {
  const allow = [...allowed, ...(allowed.includes('GET' as M) ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const handler = Object.assign(
    async (): Promise<Response> => {
      const requestId = crypto.randomUUID();
      return envelopeResponse(405, failureBody(new ApiError(CODES.methodNotAllowed), requestId), requestId, { allow });
    },
    { [METHOD_NOT_ALLOWED]: true as const },
  );
  const handlers: Partial<Record<RouteMethod, NotAllowedHandler>> = {};
  for (const method of ROUTE_METHODS) if (!allowed.includes(method as M)) handlers[method] = handler;
  const OPTIONS = async () => new Response(null, { status: 204, headers: { allow } });
  return { ...(handlers as Record<Exclude<RouteMethod, M>, NotAllowedHandler>), OPTIONS };
}
