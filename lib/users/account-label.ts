// Who an audit row names as the actor of an account change.
import 'server-only';
import type { Actor } from '../auth/permissions';
import { SYSTEM_ACTOR } from '../validation/audit-events';

export const actorFields = (actor: Actor | null) => (actor ? { actorId: actor.id, actorLabel: actor.email } : SYSTEM_ACTOR);
export const actorExtra = (actor: Actor | null) => (actor ? { actorName: actor.displayName } : {});
