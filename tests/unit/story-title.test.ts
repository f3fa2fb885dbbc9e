// Story titles that name the event (lib/stories/story-title.ts): what happened,
// where, when, in English, from the evidence the articles share; and a stored
// title that stays while the story's main event does.
import { describe, expect, it } from 'vitest';
import { describeStory, type StoryEvidence } from '@/lib/stories/describe-story';
import { groupArticles } from '@/lib/stories/group-articles';
import { eventTitle, keptTitle, parseTitle } from '@/lib/stories/story-title';
import { evidenceOf, loadStorySet } from '../fixtures/stories/labelled-set';
import { wireArticles } from '../fixtures/stories/wire-eval';
import { loadWireEvents } from '../fixtures/wire/wire-set';

const item = (
  kind: StoryEvidence['kind'],
  keys: string[],
  surfaces: string[],
  weight: number,
  links: number,
  entityType?: StoryEvidence['entityType'],
): StoryEvidence => ({
  kind,
  keys,
  surfaces,
  weight,
  links,
  ...(entityType ? { entityType } : {}),
});

describe('a title from the shared evidence', () => {
  it('names the kind, the city and the day the articles agree on, with the year of the first publication', () => {
    const evidence = [
      item('event', ['k:earthquake'], ['زلزال', 'deprem', 'землетрус'], 14, 9),
      item('name', ['n:=tr'], ['تركيا', 'Турция', 'Türkei'], 12, 9, 'place'),
      item('name', ['n:ismir'], ['IZMIR', 'Ізмір', "İzmir'de"], 8, 6, 'organisation'),
      item('date', ['d:10-30'], ['30 жовтня', '30 ottobre'], 6, 3),
    ];
    expect(eventTitle(evidence, { firstPublished: '2020-10-31' })).toBe('Earthquake · İzmir · 30 Oct 2020');
  });

  it('writes a place known in every language by its English name, whatever script the articles use', () => {
    const evidence = [item('event', ['k:explosion'], ['انفجار', 'вибух'], 10, 3), item('name', ['n:=beirut'], ['بيروت', 'Бейрут'], 9, 3, 'place')];
    expect(eventTitle(evidence, { firstPublished: '2020-08-05' })).toBe('Explosion · Beirut · 5 Aug 2020');
    expect(eventTitle([evidence[0]!, item('name', ['n:=ru'], ['Россия', 'روسيا'], 5, 2, 'place')])).toBe('Explosion · Russia');
  });

  it('prefers a city to a country unless the country is shared by more than twice as many links', () => {
    const kind = item('event', ['k:flood'], ['فيضانات', 'powodzi'], 20, 10);
    const country = item('name', ['n:=ly'], ['ليبيا', 'Libya'], 30, 10, 'place');
    expect(eventTitle([kind, country, item('name', ['n:dirn'], ['Derna', 'درنة', "Derne'de"], 25, 5)])).toBe('Flood · Derna');
    expect(eventTitle([kind, country, item('name', ['n:=damascus'], ['دمشق', 'Damaskus'], 25, 4)])).toBe('Flood · Libya');
  });

  it('takes a city from a cue word beside it, and never shows a place only in another script', () => {
    const kind = item('event', ['k:defection'], ['defected', 'Дезертирането'], 13, 10);
    expect(eventTitle([kind, item('name', ['n:kukut'], ['Cúcuta', 'Cucuta', 'град Кукута'], 9, 6)])).toBe('Defections · Cúcuta');
    expect(eventTitle([kind, item('name', ['n:kukut'], ['град Кукута', 'كوكوتا'], 9, 6)])).toBe('Defections');
    expect(eventTitle([kind, item('name', ['n:bulifar'], ['ponte Simón Bolívar'], 9, 6, 'place')])).toBe('Defections · Simón Bolívar');
  });

  it('dates by the first publication when the articles agree on no day, and leaves out what nobody says', () => {
    const kind = item('event', ['k:protest'], ['grève', 'strike'], 17, 10);
    const paris = item('name', ['n:=paris'], ['PARIS', 'Париж'], 18, 10, 'place');
    expect(eventTitle([kind, paris, item('date', ['d:03-07'], ['07 MAR', '7 марта'], 4, 1)], { firstPublished: '2023-03-07' })).toBe(
      'Protest · Paris · 7 Mar 2023',
    );
    expect(eventTitle([kind, paris, item('date', ['d:03-08'], ['8 mars', '8 марта'], 4, 3)])).toBe('Protest · Paris · 8 Mar');
    expect(eventTitle([kind, paris, item('date', ['d:03-08'], ['8 mars'], 4, 3), item('date', ['y:2023'], ['2023'], 1, 3)])).toBe(
      'Protest · Paris · 8 Mar 2023',
    );
    expect(eventTitle([kind])).toBe('Protest');
  });

  it('puts a day at the turn of the year in the year nearest the first publication', () => {
    const evidence = [item('event', ['k:fire'], ['fire', 'incendie'], 5, 2), item('date', ['d:12-31'], ['31 December', '31 décembre'], 3, 2)];
    expect(eventTitle(evidence, { firstPublished: '2021-01-01' })).toBe('Fire · 31 Dec 2020');
  });

  it('is empty when no kind of event is shared: describeStory then lists the names as before', () => {
    const names = [item('name', ['n:madur'], ['Nicolás Maduro', 'Мадуро'], 13, 10), item('date', ['d:01-23'], ['23 de enero'], 3, 3)];
    expect(eventTitle(names)).toBe('');
    const link = {
      a: 'a',
      b: 'b',
      score: 0.4,
      shared: [{ kind: 'name' as const, keys: ['n:madur'], surfaces: ['Maduro', 'Мадуро'] as [string, string], weight: 2, match: 'exact' as const }],
    };
    expect(describeStory([link]).title).toBe('Maduro');
  });
});

describe('titles of real-looking stories', () => {
  it('titles the five seeds, undated, by what they share: defections at Cúcuta', () => {
    const seeds = loadStorySet().articles.filter((a) => a.id.startsWith('seed-'));
    const { stories } = groupArticles(seeds.map(evidenceOf));
    expect(stories).toHaveLength(1);
    expect(describeStory(stories[0]!.links).title).toBe('Defections · Cúcuta');
  });

  it("titles the wire set's tuning events in English, from articles in twelve languages and three scripts", () => {
    const events = loadWireEvents({ splits: ['tuning'] });
    const articles = wireArticles(events);
    const published = new Map(articles.map((a) => [a.id, a.publishedAt]));
    const { stories } = groupArticles(articles.map(evidenceOf));
    const titleOf = (event: string) => {
      const story = stories.filter((s) => s.articleIds.some((id) => id.startsWith(event))).sort((a, b) => b.articleIds.length - a.articleIds.length)[0]!;
      const firstPublished = story.articleIds.flatMap((id) => published.get(id) ?? []).sort()[0] ?? null;
      return describeStory(story.links, { firstPublished }).title;
    };
    expect(titleOf('beirut-port-explosion-2020')).toBe('Explosion · Beirut · 5 Aug 2020');
    expect(titleOf('beirut-port-fire-2020')).toBe('Fire · Beirut · 10 Sep 2020');
    expect(titleOf('derna-floods-2023')).toBe('Flood · Derna · 11 Sep 2023');
    expect(titleOf('france-pension-strike-2023-01-19')).toBe('Protest · Paris · 19 Jan 2023');
    expect(titleOf('izmir-samos-earthquake-2020')).toBe('Earthquake · İzmir · 30 Oct 2020');
    expect(titleOf('kahramanmaras-earthquakes-2023')).toBe('Earthquake · Turkey · 6 Feb 2023');
    expect(titleOf('moscow-metro-bombings-2010')).toBe('Attack · Moscow · 29 Mar 2010');
    expect(titleOf('venezuela-defections-colombia-2019')).toBe('Defections · Colombia · 23 Feb 2019');
  }, 60_000);
});

describe('a stored title stays while the main event does', () => {
  it('reads the parts back from a title it made, and nothing from other titles', () => {
    expect(parseTitle('Defections · Cúcuta · 23 Feb 2019')).toEqual({ kind: 'defection', place: 'Cúcuta', day: '23 Feb 2019' });
    expect(parseTitle('Earthquake · 1 Nov 2020')).toEqual({ kind: 'earthquake', day: '1 Nov 2020' });
    expect(parseTitle('Protest')).toEqual({ kind: 'protest' });
    expect(parseTitle('Cúcuta, Guaidó, Migración Colombia — 23 de fevereiro')).toBeUndefined();
    expect(parseTitle('Fire at the port')).toBeUndefined();
  });

  it('keeps the stored title when a join shifts the day or a spelling, but not the kind or place', () => {
    const stored = 'Defections · Cúcuta · 23 Feb 2019';
    expect(keptTitle(stored, 'Defections · Cucuta · 24 Feb 2019')).toBe(stored);
    expect(keptTitle(stored, 'Defections · Cúcuta')).toBe(stored);
    expect(keptTitle(stored, 'Defections · Colombia · 23 Feb 2019')).toBe('Defections · Colombia · 23 Feb 2019');
    expect(keptTitle(stored, 'Protest · Cúcuta · 23 Feb 2019')).toBe('Protest · Cúcuta · 23 Feb 2019');
    expect(keptTitle(stored, 'Nicolás Maduro, Juan Guaidó')).toBe('Nicolás Maduro, Juan Guaidó');
  });

  it('takes a day, or a year, the stored title lacked', () => {
    expect(keptTitle('Defections · Cúcuta', 'Defections · Cúcuta · 23 Feb')).toBe('Defections · Cúcuta · 23 Feb');
    expect(keptTitle('Defections · Cúcuta · 23 Feb', 'Defections · Cúcuta · 23 Feb 2019')).toBe('Defections · Cúcuta · 23 Feb 2019');
  });

  it('replaces a title from before event titles (names, an article title) once', () => {
    expect(keptTitle('Cúcuta, Guaidó, Migración Colombia — 23 de fevereiro', 'Defections · Cúcuta')).toBe('Defections · Cúcuta');
    expect(keptTitle('Four members of the Bolivarian National Guard deserted', 'Defections · Cúcuta')).toBe('Defections · Cúcuta');
  });

  it('keeps the seeds story title as the seeds join one by one', () => {
    const seeds = loadStorySet().articles.filter((a) => a.id.startsWith('seed-'));
    let stored = '';
    const seen: string[] = [];
    for (let n = 2; n <= seeds.length; n++) {
      const { stories } = groupArticles(seeds.slice(0, n).map(evidenceOf));
      const story = stories.find((s) => s.articleIds.includes('seed-000'));
      stored = keptTitle(stored, describeStory(story?.links ?? []).title);
      seen.push(stored);
    }
    expect(seen.at(-1)).toBe('Defections · Cúcuta');
    // Once it names the defections at Cúcuta, it never changes again.
    const first = seen.indexOf('Defections · Cúcuta');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(new Set(seen.slice(first))).toEqual(new Set(['Defections · Cúcuta']));
  });
});
