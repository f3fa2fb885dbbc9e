// 50 reviewers hammer 5 claims for ~10 s through two app processes: every
// accepted write has one audit event, refused ones wrote nothing, no update is
// lost. The 60-second version is tests/soak/contention.soak.test.ts.
import { describeContention } from '../support/reliability/contention';

describeContention({ title: 'contention: 50 reviewers, 5 claims, ~10 s', reviewers: 50, claims: 5, durationMs: 10_000 });
