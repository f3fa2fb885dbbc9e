// Deterministic, varied news articles for the import benchmarks: each sentence
// joins an opening, a middle and a closing clause from separate banks (about
// 20,000 combinations) filled with made-up places, people, organisations,
// numbers and days, in 3–5 paragraphs under a headline. Two articles rarely
// share more than a sentence or two, so near-duplicate detection fires only
// where it should (the benchmarks report their outcome counts), unlike copies
// of one template. English, like most of a newsroom's wire copy.
import { random, syntheticName } from './synthetic-claims';

const OPENINGS = [
  'Officials in {place} said on {day} that',
  'According to a statement released by {org},',
  'Residents of {place} told reporters that',
  'A spokesperson for {org} confirmed that',
  'In a televised address, {person} said that',
  'Figures published by {org} on {day} show that',
  'Two people familiar with the talks said that',
  'Local media in {place} reported that',
  'Speaking to journalists after the meeting, {person} said',
  'Documents seen by this newspaper suggest that',
  'The regional governor, {person}, warned that',
  'Union leaders in {place} insisted that',
  'Analysts at {org} estimate that',
  'Police in {place} said late on {day} that',
  'A report by {org} found that',
  'Witnesses near the {place} market described how',
  'Opposition lawmakers accused the government of hiding that',
  'Hospital staff in {place} said that',
  'A court in {place} ruled on {day} that',
  'Farmers from the {place} valley complained that',
  'Shipping agents in the port of {place} said',
  'Teachers at schools across {place} reported that',
  'The mayor of {place}, {person}, announced that',
  'An internal memo from {org} shows that',
  'Engineers working on the {place} bridge said',
];

const MIDDLES = [
  'about {n} families had left their homes',
  'the price of bread had risen by {n} percent since {month}',
  'at least {n} people were injured in the clashes',
  'the new road would cut travel times by {n} minutes',
  'the budget for the project had doubled to {n} million',
  'more than {n} soldiers had crossed the border',
  'the factory would close before the end of {month}',
  'water supplies would be restored within {n} days',
  'the vote had been postponed until {month}',
  '{n} containers were still waiting to be unloaded',
  'the harvest was the worst in {n} years',
  'the ceasefire had largely held since {day}',
  'the number of applications had fallen to {n}',
  'the rescue teams had reached {n} villages',
  'the contract was worth {n} million over five years',
  'power cuts had lasted up to {n} hours a day',
  'the inquiry would publish its findings in {month}',
  '{n} patients had been moved to other hospitals',
  'the river had risen {n} centimetres overnight',
  'the strike had cost the economy {n} million',
  'the airport would reopen to flights on {day}',
  'ticket sales had reached {n} by the weekend',
  'the new law would affect some {n} workers',
  'the talks had broken down over fishing quotas',
  'the election commission had counted {n} ballots',
];

const CLOSINGS = [
  ', although no official figures were given.',
  ', a claim the ministry denied.',
  ', and more protests are planned for {day}.',
  '. The figure could not be independently verified.',
  ', according to the latest estimates.',
  ', which critics called a broken promise.',
  '. Similar warnings were issued last {month}.',
  ', despite repeated calls for calm.',
  ', but gave no further details.',
  '. Neither side responded to requests for comment.',
  ', the first such case in {n} years.',
  ', raising fears of further delays.',
  ', while aid groups asked for more time.',
  '. The decision can still be appealed.',
  ', adding that talks would resume on {day}.',
  ', in a region already hit by drought.',
  ', the agency said in a brief statement.',
  '. Markets reacted calmly to the news.',
  ', leaving many residents without work.',
  ', a rise on the same period last year.',
  '. The government has promised an inquiry.',
  ', officials said, without naming a date.',
  '. Talks are expected to continue next week.',
  ', the third time this year.',
  ', said {person}, who has followed the case.',
];

const HEADLINES = [
  '{place} braces for more rain as river keeps rising',
  'Talks in {place} stall over fishing quotas',
  '{org} report questions spending on {place} bridge',
  'Strike at {place} port enters its {n}th day',
  '{person} promises inquiry after clashes in {place}',
  'Bread prices up {n} percent in {place}, traders say',
  'Court in {place} halts {org} contract',
  'Soldiers cross into {place}, officials say',
  '{place} hospitals move {n} patients as power cuts bite',
  'Farmers in {place} count losses after worst harvest in years',
  '{org} to close {place} factory by {month}',
  'Election count in {place} delayed again',
];

const ORG_KINDS = [
  'Ministry of Transport',
  'Red Cross',
  'Central Bank',
  'Chamber of Commerce',
  'Health Agency',
  'Port Authority',
  'Electoral Council',
  'Farmers Union',
  'Water Board',
  'Statistics Office',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export type NewsArticle = { title: string; body: string; text: string };

/** The n-th article of a series; another `series` gives other articles for the same n. */
export function newsArticle(n: number, series = 1): NewsArticle {
  const rnd = random(Math.imul(n + 1, 2654435761) ^ Math.imul(series, 40503));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Each article has its own cast, reused within it as a real story would.
  const places = [syntheticName(Math.floor(rnd() * 20_000)), syntheticName(Math.floor(rnd() * 20_000))];
  const people = [`${syntheticName(Math.floor(rnd() * 20_000))} ${syntheticName(Math.floor(rnd() * 20_000))}`];
  const orgs = [`${syntheticName(Math.floor(rnd() * 20_000))} ${pick(ORG_KINDS)}`];
  const fill = (template: string) =>
    template.replace(/\{(place|person|org|n|day|month)\}/g, (_, slot: string) => {
      switch (slot) {
        case 'place':
          return pick(places);
        case 'person':
          return pick(people);
        case 'org':
          return pick(orgs);
        case 'day':
          return pick(DAYS);
        case 'month':
          return pick(MONTHS);
        default:
          return String(2 + Math.floor(rnd() * (rnd() < 0.5 ? 40 : 5000)));
      }
    });
  const sentence = () => fill(`${pick(OPENINGS)} ${pick(MIDDLES)}${pick(CLOSINGS)}`);
  const paragraphs = Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, sentence).join(' '));
  const title = fill(pick(HEADLINES));
  const body = paragraphs.join('\n\n');
  return { title, body, text: `${title}\n\n${body}\n` };
}
