// Inter, one next/font face per script subset (the files and unicode ranges
// of @fontsource-variable/inter, which the pages used as a stylesheet). Next
// preloads the subsets the desk's articles mostly use, latin and cyrillic, so
// the text does not reflow when they arrive after the first paint (a layout
// shift of up to 0.27 on the story page, measured by `npm run bench -- vitals`);
// the latin face also brings a fallback sized to Inter's metrics. Those two
// are font-display: optional: a face that is not there within about 100 ms
// of the first layout is not swapped in later, so the page keeps the fallback
// for that view rather than shifting (without the route-level skeleton, the
// swap moved the list's filter row on a cold load: CLS up to 0.037). Being
// preloaded, they are there in time on a normal connection. The other
// subsets load when a page shows their characters, as before, with swap.
import localFont from 'next/font/local';

// Paths relative to this file; next/font takes literals only.
export const interCyrillicExt = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-ext-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-cyrillic-ext',
  preload: false,
  adjustFontFallback: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F' }],
});
export const interCyrillic = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-cyrillic',
  display: 'optional',
  adjustFontFallback: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116' }],
});
export const interGreekExt = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-greek-ext-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-greek-ext',
  preload: false,
  adjustFontFallback: false,
  declarations: [{ prop: 'unicode-range', value: 'U+1F00-1FFF' }],
});
export const interGreek = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-greek-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-greek',
  preload: false,
  adjustFontFallback: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF' }],
});
export const interVietnamese = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-vietnamese-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-vietnamese',
  preload: false,
  adjustFontFallback: false,
  declarations: [
    {
      prop: 'unicode-range',
      value: 'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
    },
  ],
});
export const interLatinExt = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-latin-ext',
  preload: false,
  adjustFontFallback: false,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
    },
  ],
});
// Last in the stack: its fallback face (Arial sized as Inter) covers every character, so it must come after the others.
export const interLatin = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-inter-latin',
  display: 'optional',
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    },
  ],
});

/** The classes that define the faces' CSS variables; --font-sans (globals.css) lists them. */
export const fontVariables = [interCyrillicExt, interCyrillic, interGreekExt, interGreek, interVietnamese, interLatinExt, interLatin]
  .map((f) => f.variable)
  .join(' ');
