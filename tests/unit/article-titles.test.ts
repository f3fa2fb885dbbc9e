// Article titles derived from a text's first lines never come from a dateline,
// a credit, a bare date or a lone place name (issue 30, titles).
import { describe, expect, it } from 'vitest';
import { deriveTitle } from '@/lib/articles/derive-title';
import { isBareDate, isCreditLine, isLonePlaceName, stripDateline } from '@/lib/articles/title-lines';

describe('deriveTitle past the lines that are not titles', () => {
  it.each([
    ['a credit line', 'Source: AFP\nVenezuelan soldiers cross into Colombia\nThe soldiers crossed at dawn.', 'Venezuelan soldiers cross into Colombia'],
    ['a translation credit', 'Translated by Ana Silva\nSoldados cruzam a fronteira\nO texto segue.', 'Soldados cruzam a fronteira'],
    ['a bare Spanish date', '9 de enero de 2023\nProtesta masiva en Lima\nMiles marcharon.', 'Protesta masiva en Lima'],
    ['a bare Russian date', '23 февраля 2019 г.\nВоенные перешли границу\nТекст.', 'Военные перешли границу'],
    ['a weekday and a date', 'Monday, 9 January 2023\nThousands march in Lima\nMore text.', 'Thousands march in Lima'],
    ['a lone place name', 'Cúcuta\nDesertores cruzan el puente\nTexto.', 'Desertores cruzan el puente'],
    ['a place name in capitals', 'SÃO PAULO\nManifestantes ocupam a avenida\nTexto.', 'Manifestantes ocupam a avenida'],
    ['an Arabic credit', 'المصدر: رويترز\nانشقاق جنود فنزويليين\nنص.', 'انشقاق جنود فنزويليين'],
    ['several in a row', 'Paris\nSource : AFP\n12 janvier 2024\nLa police disperse une manifestation\nTexte.', 'La police disperse une manifestation'],
  ])('skips %s', (_label, text, title) => {
    expect(deriveTitle(text)).toBe(title);
  });

  it('cuts a dateline off the sentence it opens', () => {
    expect(deriveTitle('PARIS, 12 janv (Reuters) - La police a dispersé une manifestation devant le ministère. Elle a arrêté 12 personnes.')).toBe(
      'La police a dispersé une manifestation devant le ministère',
    );
    expect(deriveTitle('BOGOTÁ, 23 feb (EFE).- Un total de 156 militares venezolanos desertaron. Más texto aquí.')).toBe(
      'Un total de 156 militares venezolanos desertaron',
    );
    expect(deriveTitle('МОСКВА, 23 февраля. /ТАСС/. - Более 100 военных покинули страну. Текст.')).toBe('Более 100 военных покинули страну');
  });

  it('keeps a first line that is a real headline', () => {
    expect(deriveTitle('Paris police arrest 12 at ministry protest\nThe police said...')).toBe('Paris police arrest 12 at ministry protest');
    expect(deriveTitle('Nueva York\nRio de Janeiro')).toBe('Nueva York');
  });

  it('keeps a sentence whose opening words merely look like a dateline', () => {
    const line = 'The vote - held on Sunday - was close. More.';
    expect(stripDateline(line)).toBe(line);
    expect(deriveTitle(line)).toBe('The vote - held on Sunday - was close');
  });
});

describe('the line rules', () => {
  it('knows dates in the desk languages through Intl month names', () => {
    for (const date of [
      '9 de enero de 2023',
      '13. November 2023',
      '22 mars 2024',
      '3 Mart 2021',
      '15 січня 2022',
      '2 يناير 2020',
      '2023-01-09',
      'Feb 23, 2019',
    ])
      expect(isBareDate(date), date).toBe(true);
    for (const line of ['9 soldados desertaron', 'Mars mission launched 2024', 'Paris']) expect(isBareDate(line), line).toBe(false);
  });

  it('tells credits from headlines', () => {
    for (const line of ['Source: AFP', 'Fuente: EFE', 'Quelle: dpa', 'Источник: ТАСС', 'By Ana Silva', 'Reporting by Luis Pérez and Ana Silva'])
      expect(isCreditLine(line), line).toBe(true);
    for (const line of [
      'By the numbers: the protest in figures.',
      'Sources say 60 soldiers defected to Colombia in one day of crossings',
      'Por la frontera cruzan 60 militares.',
    ])
      expect(isCreditLine(line), line).toBe(false);
  });

  it('tells lone place names from short headlines', () => {
    for (const line of ['Paris', 'São Paulo', 'Rio de Janeiro', 'КИЕВ', 'كراكاس']) expect(isLonePlaceName(line), line).toBe(true);
    for (const line of ['Maduro closes the border', 'Soldiers defect', '60 soldiers']) expect(isLonePlaceName(line), line).toBe(false);
  });
});
