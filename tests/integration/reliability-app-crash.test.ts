// kill -9 of the app process the live clients are on, under verdict traffic:
// they fail over to the other process and miss nothing. The long version
// (crash, restart, crash the other one, three times) is tests/soak/app-crash.soak.test.ts.
import { describeAppCrash } from '../support/reliability/app-crash';

describeAppCrash({ title: 'app process crash under traffic', rounds: 1, successesPerRound: 10, deadlineMs: 60_000 });
