import { apiRoute } from '@/lib/http/api-route';
import { listSessions } from '@/lib/users/account-sessions';

export const GET = apiRoute(async ({ actor, sessionId }) => ({ sessions: await listSessions({ actor, currentSessionId: sessionId }) }));
