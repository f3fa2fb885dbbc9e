// Soak: kill -9 the clients' process, restart it, kill the other one — three
// rounds under traffic; the clients follow and never miss a change (`npm run test:soak`).
import { describeAppCrash } from '../support/reliability/app-crash';

describeAppCrash({ title: 'soak: three app crashes under traffic', rounds: 3, successesPerRound: 40, deadlineMs: 300_000 });
