// Why the server ended a page's session, as the page is told (client-safe).
export const SESSION_END_REASONS = ['signed_out', 'disabled', 'password_changed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
