// The PDF report (pdfkit), with DejaVu Sans embedded so Portuguese, Cyrillic and
// Arabic text render in any viewer; text with right-to-left letters is laid out
// by pdf-bidi.ts. Pages are flushed as they fill: memory stays flat.
import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { ClaimStatus } from '../../validation/claims';
import { noBoards, type ReportBoard } from '../board-report';
import type { ExportClaim } from '../export-claims';
import { auditLine } from '../report-audit';
import type { ExportMeta } from './json';
import { STATUS_LABELS } from '../../utils/status-labels';
import { dirAttribute, type TextDirection } from '../../utils/text-direction';
import { isHttpUrl } from '../../validation/http-url';
import { hasRtlLetters, isolate, withoutBidiControls } from './pdf-bidi';
import { drawBoard } from './pdf-board';
import { artifact, BOLD, MARGIN, paragraph, REGULAR, section, sectionAsync, startStructure, tag } from './pdf-text';
import { STATUS_COLOR, describeFilters, figuresLine, when } from './report-text';

function summary(doc: PDFKit.PDFDocument, counts: Record<ClaimStatus, number>) {
  const alt = `Claims by verdict: ${(Object.keys(counts) as ClaimStatus[]).map((s) => `${STATUS_LABELS[s]} ${counts[s]}`).join(', ')}.`;
  tag(doc, 'Figure', () => bars(doc, counts), { alt });
}

function bars(doc: PDFKit.PDFDocument, counts: Record<ClaimStatus, number>) {
  const max = Math.max(1, ...Object.values(counts));
  const top = doc.y + 6;
  (Object.keys(counts) as ClaimStatus[]).forEach((s, i) => {
    const y = top + i * 20;
    const w = Math.round((counts[s] / max) * 220);
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor('#0f172a')
      .text(STATUS_LABELS[s], 50, y + 2, { width: 80 });
    if (w > 0) doc.rect(135, y, w, 14).fill(STATUS_COLOR[s]);
    doc.fillColor('#0f172a').text(String(counts[s]), 140 + w, y + 2);
  });
  doc.x = MARGIN;
  doc.y = top + 4 * 20 + 10;
}

/**
 * `showStory`: in a report of many stories each claim names its own (a report of one names it in its heading).
 * `heading`: the title's level in the structure tree, H3 under the "Claims" heading that follows a figures board.
 */
function claim(doc: PDFKit.PDFDocument, c: ExportClaim, showStory: boolean, heading: 'H2' | 'H3') {
  if (doc.y > doc.page.height - 160) doc.addPage();
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .strokeColor('#e2e8f0')
      .stroke(),
  );
  doc.moveDown(0.5);
  section(doc, 'Sect', () => claimBody(doc, c, showStory, heading));
  doc.moveDown(0.8);
}

function claimBody(doc: PDFKit.PDFDocument, c: ExportClaim, showStory: boolean, heading: 'H2' | 'H3') {
  // The title in its language's direction: an Arabic one is right-aligned and reads right to left.
  doc.font(BOLD).fontSize(12).fillColor('#0f172a');
  tag(doc, heading, () => paragraph(doc, c.title, { direction: dirAttribute(c.language) }), { lang: c.language });
  tag(doc, 'P', () =>
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(STATUS_COLOR[c.status])
      .text(STATUS_LABELS[c.status].toUpperCase(), { continued: true })
      .font(REGULAR)
      .fillColor('#475569')
      .text(`   ${c.sourceKey} · ${c.language} · version ${c.version}`),
  );
  const line = (label: string, value: string, direction: TextDirection | 'auto' = 'ltr') => tag(doc, 'P', () => labelled(label, value, direction));
  const labelled = (label: string, value: string, direction: TextDirection | 'auto') => {
    doc.font(BOLD).fontSize(9).fillColor('#475569');
    if (!hasRtlLetters(value)) {
      doc.text(`${label}: `, { continued: true }).font(REGULAR).fillColor('#0f172a').text(withoutBidiControls(value));
      return;
    }
    // The label, then the value beside it in a column of its own, laid out by direction.
    if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    const labelWidth = doc.widthOfString(`${label}: `);
    doc.text(`${label}: `, MARGIN, y, { lineBreak: false });
    doc.font(REGULAR).fillColor('#0f172a');
    doc.y = y;
    paragraph(doc, value, { direction, x: MARGIN + labelWidth });
  };
  const article = [c.outlet, c.byline].filter((part): part is string => Boolean(part)).map(isolate);
  if (c.publishedAt) article.push(`published ${c.publishedAt.slice(0, 10)}`);
  if (c.articleUrl && isHttpUrl(c.articleUrl)) article.push(`<${c.articleUrl}>`);
  if (showStory && c.storyTitle) line('Story', isolate(c.storyTitle));
  if (article.length) line('Article', article.join(' · '));
  line('Reason', c.reason ?? '—', 'auto');
  line('Evidence', c.evidence.length ? c.evidence.map((e) => (e.label ? `${isolate(e.label)} <${e.url}>` : e.url)).join('; ') : '—');
  line('Reviewer', c.decidedBy ? `${isolate(c.decidedBy.name)}, ${when(c.decidedAt)}` : '—');
  if (c.reReviewAt) line('Re-review', c.reReviewAt.slice(0, 10));
  const figures = figuresLine(c.figures);
  if (figures) line('Figures', figures);
  if (c.history.length) {
    doc.font(BOLD).fontSize(9).fillColor('#475569');
    tag(doc, 'P', () => doc.text('History:'));
    section(doc, 'L', () => {
      for (const h of c.history) {
        doc.font(REGULAR).fontSize(8.5).fillColor('#334155');
        tag(doc, 'LI', () =>
          paragraph(doc, `• ${when(h.at)} — ${isolate(h.by)}: ${STATUS_LABELS[h.status]}${h.reason ? ` — “${isolate(h.reason)}”` : ''}`, {
            direction: 'ltr',
            indent: 8,
          }),
        );
      }
    });
  }
}

export function pdfStream(
  claims: AsyncIterable<ExportClaim>,
  meta: ExportMeta,
  counts: Record<ClaimStatus, number>,
  org: string,
  boards: AsyncIterable<ReportBoard> = noBoards(),
): Readable {
  const { story } = meta;
  const title = `Verdict report — ${story ? `${story.title} — ` : ''}${org}`;
  // Tagged (structure tree, reading order, language) for screen readers; viewers show the title, not the file name.
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: org },
    lang: 'en',
    tagged: true,
    displayTitle: true,
    pdfVersion: '1.7',
  });
  const out = new PassThrough();
  doc.pipe(out);
  void (async () => {
    try {
      const root = startStructure(doc);
      doc.font(BOLD).fontSize(18).fillColor('#0f172a');
      tag(doc, 'H1', () => doc.text('Verdict report'));
      if (story) {
        doc.font(BOLD).fontSize(13).fillColor('#334155');
        tag(doc, 'P', () => paragraph(doc, `Story: ${isolate(story.title)}`, { direction: 'ltr' }));
        doc.moveDown(0.2);
      }
      doc.font(REGULAR).fontSize(9).fillColor('#475569');
      tag(doc, 'P', () =>
        paragraph(
          doc,
          `${isolate(org)} · exported ${when(meta.exportedAt)} by ${isolate(meta.exportedBy)} · ${describeFilters(meta.filters)} · ${meta.count} claims`,
          {
            direction: 'ltr',
          },
        ),
      );
      tag(doc, 'P', () => paragraph(doc, auditLine(meta.audit), { direction: 'ltr' }));
      const checkpoint = meta.audit.checkpoint;
      if (checkpoint) {
        doc.fontSize(7);
        tag(doc, 'P', () => paragraph(doc, `Checkpoint signature (Ed25519): ${checkpoint.sig}`, { direction: 'ltr' }));
      }
      doc.moveDown();
      summary(doc, counts);
      let drawn = 0;
      for await (const board of boards) {
        if (out.destroyed) return;
        section(doc, 'Sect', () => drawBoard(doc, board));
        drawn++;
      }
      if (drawn > 0) doc.addPage();
      await sectionAsync(doc, 'Sect', async () => {
        if (drawn > 0) {
          doc.font(BOLD).fontSize(14).fillColor('#0f172a');
          tag(doc, 'H2', () => doc.text('Claims'));
          doc.moveDown(0.4);
        }
        for await (const c of claims) {
          // The download was abandoned (client gone): stop reading claims.
          if (out.destroyed) return;
          claim(doc, c, !story, drawn > 0 ? 'H3' : 'H2');
        }
      });
      root.end();
      doc.end();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return out;
}
