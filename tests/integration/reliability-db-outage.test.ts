// The database goes away under steady verdict traffic and comes back: clean
// 503s meanwhile, recovery without a restart, nothing lost or half-written.
// The long version (three outages) is tests/soak/db-outage.soak.test.ts.
import { describeDbOutage } from '../support/reliability/db-outage';

describeDbOutage({ title: 'database outage under traffic', cycles: 1, successesPerPhase: 10, failuresPerOutage: 8, deadlineMs: 60_000 });
