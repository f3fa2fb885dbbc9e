// Soak: three database outages in a row under traffic (`npm run test:soak`).
// Three matters: the socket.io adapter's pool has three connections, and a
// dead LISTEN connection that kept its slot would starve it by the third.
import { describeDbOutage } from '../support/reliability/db-outage';

describeDbOutage({
  title: 'soak: three database outages under traffic',
  cycles: 3,
  successesPerPhase: 30,
  failuresPerOutage: 30,
  downMs: 8000,
  deadlineMs: 240_000,
});
