// `npm run eval:language [tuning|held-out]`: language-detection quality on the
// labelled sets (figures recorded in docs/QUALITY.md). Tune on "tuning" only.
import { evaluateLanguageDetection, formatLanguageEvaluation, LANGUAGE_SETS, type LanguageSetName, loadLanguageSet } from '../tests/support/language-eval';

const names = Object.keys(LANGUAGE_SETS) as LanguageSetName[];
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !names.includes(a as LanguageSetName));
if (unknown.length) {
  console.error(`Unknown set ${unknown.join(', ')}: choose from ${names.join(', ')}.`);
  process.exit(2);
}
for (const name of asked.length ? (asked as LanguageSetName[]) : names) {
  console.log(formatLanguageEvaluation(name, evaluateLanguageDetection(loadLanguageSet(name))));
  console.log();
}
