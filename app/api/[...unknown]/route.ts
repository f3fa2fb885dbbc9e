// Unknown API paths answer JSON, not the HTML 404 page; signed-out callers get
// 401 first so the API never reveals which paths exist.
import { AppError } from '@/lib/errors';
import { apiRoute } from '@/lib/http/api-route';

const notFound = apiRoute(() => {
  throw new AppError('not_found', 'No such API endpoint.');
});
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
