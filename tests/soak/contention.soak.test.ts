// Soak: 50 reviewers hammer 5 claims for 60 s through two app processes (`npm run test:soak`).
import { describeContention } from '../support/reliability/contention';

describeContention({ title: 'soak contention: 50 reviewers, 5 claims, 60 s', reviewers: 50, claims: 5, durationMs: 60_000 });
