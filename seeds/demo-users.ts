// Demo accounts for the embedded database (README lists them).
export const DEMO_PASSWORD = 'factdesk-demo';

export const DEMO_USERS = [
  { email: 'admin@factdesk.test', displayName: 'Ana Admin', role: 'editor' },
  { email: 'reviewer@factdesk.test', displayName: 'Rita Reviewer', role: 'reviewer' },
  { email: 'reviewer2@factdesk.test', displayName: 'Rui Reviewer', role: 'reviewer' },
  { email: 'viewer@factdesk.test', displayName: 'Vera Viewer', role: 'viewer' },
] as const;
