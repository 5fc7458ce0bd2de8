import { withApi } from '@/lib/server/http/with-api';
import { ApiError } from '@/lib/server/core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';

// Any /v1 path no route claims: a 404 envelope, never the page redirect that unknown page paths get.
const unknownRoute = withApi(async () => {
  throw new ApiError(CODES.notFound, SERVER_MSG.routeNotFound);
});

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
