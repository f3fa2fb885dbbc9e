'use client';

// One article on its way in: chosen, being sent (progress), or previewed —
// derived title and language (both correctable), an excerpt in the text's own
// direction, flagged boilerplate, and what the desk already has like it.
import { useId, useMemo } from 'react';
import { languageName } from '@/lib/utils/format';
import { excerptAfterTitle } from '@/lib/utils/excerpt';
import { languageOptions } from '@/lib/utils/languages';
import { textDirection } from '@/lib/utils/text-direction';
import type { ArticleImportOutcome } from '@/lib/validation/articles';
import type { BatchValues, Item } from './import-items';
import { ClaimLink, formatBytes, percent, SendProgress, StateBadge } from './parts';
import { VisibleText } from '@/components/visible-text';

type Props = {
  item: Item;
  batch: BatchValues;
  busy: boolean;
  onChange: (key: string, patch: Partial<Pick<Item, 'title' | 'language' | 'outlet' | 'url' | 'publishedAt' | 'confirmNearDuplicate'>>) => void;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
};

const KIND = { file: 'File', paste: 'Paste', url: 'URL' } as const;

export function ArticleCard({ item, batch, busy, onChange, onRemove, onRetry }: Props) {
  const { preview } = item;
  const inFlight = item.phase === 'previewing' || item.phase === 'importing';
  return (
    <li data-testid="article-card" data-key={item.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium uppercase tracking-wide text-slate-600">{KIND[item.source.kind]}</span>
        <h3 className="min-w-0 flex-1 basis-48 break-words text-sm font-medium text-slate-900" data-testid="article-label">
          <bdi>{item.label}</bdi>
          {item.source.kind === 'file' && <span className="ml-2 font-normal text-slate-500">{formatBytes(item.source.file.size)}</span>}
        </h3>
        <div className="ml-auto flex items-center gap-2">
          <StateBadge item={item} />
          <button
            type="button"
            onClick={() => onRemove(item.key)}
            disabled={busy && !inFlight}
            className="rounded-md px-2 py-0.5 text-sm text-slate-600 underline-offset-2 hover:bg-slate-100 hover:text-red-700 hover:underline disabled:opacity-50"
          >
            {inFlight ? 'Cancel' : 'Remove'}
            <span className="sr-only"> {item.label}</span>
          </button>
        </div>
      </div>

      {inFlight && <SendProgress item={item} />}
      {item.phase === 'failed' && (
        <div
          className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="article-error"
        >
          <p className="flex-1">{item.error}</p>
          <button type="button" onClick={() => onRetry(item.key)} disabled={busy} className="font-medium underline disabled:opacity-50">
            Try again
          </button>
        </div>
      )}
      {preview && item.phase !== 'failed' && <PreviewBody item={item} batch={batch} preview={preview} busy={busy} onChange={onChange} />}
    </li>
  );
}

function PreviewBody({
  item,
  batch,
  preview,
  busy,
  onChange,
}: { item: Item; batch: BatchValues; preview: ArticleImportOutcome; busy: boolean } & Pick<Props, 'onChange'>) {
  const id = useId();
  const { article } = preview;
  if (preview.outcome === 'refused' || !article) {
    return (
      <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="preview-refusal">
        {preview.message ?? 'This cannot be imported.'}
      </p>
    );
  }
  if (preview.outcome === 'duplicate' && preview.duplicateOf) {
    return (
      <p className="mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="preview-duplicate">
        Already on the desk: <ClaimLink claim={preview.duplicateOf} newTab />. Nothing to import.
      </p>
    );
  }
  const language = item.language || article.language;
  // The server's direction for what it detected; the importer's correction decides otherwise.
  const dir = language === article.language ? article.direction : textDirection(language);
  const best = preview.nearDuplicates[0];
  // The body starts with the line or sentence the title came from: the title field above shows it.
  const excerpt = excerptAfterTitle(article.excerpt, article.title);
  const paragraphs = excerpt
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="mt-4 space-y-4">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          <label htmlFor={`${id}-title`} className="block text-xs font-medium text-slate-600">
            Title
          </label>
          <input
            id={`${id}-title`}
            value={item.title}
            onChange={(e) => onChange(item.key, { title: e.target.value })}
            disabled={busy}
            maxLength={500}
            dir="auto"
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium"
          />
        </div>
        <LanguageField id={`${id}-lang`} value={language} detected={article} disabled={busy} onChange={(code) => onChange(item.key, { language: code })} />
      </div>
      <ArticleFacts id={id} item={item} batch={batch} busy={busy} onChange={onChange} />

      <blockquote
        dir={dir}
        lang={language === 'und' ? undefined : language}
        data-testid="preview-excerpt"
        className="space-y-2 border-s-4 border-slate-200 ps-4 text-[15px] leading-7 text-slate-800"
      >
        {paragraphs.map((p, i) => (
          <p key={i}>
            <VisibleText text={p} />
            {i === paragraphs.length - 1 && article.bodyLength > article.excerpt.length && '…'}
          </p>
        ))}
      </blockquote>
      <p className="text-xs text-slate-600">
        {[
          article.byline,
          `${article.bodyLength.toLocaleString('en')} characters`,
          article.encoding && article.encoding !== 'utf-8' && `read as ${article.encoding}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>

      {article.boilerplate && (
        <details className="rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="preview-boilerplate">
          <summary className="cursor-pointer font-medium text-amber-900">
            Flagged as boilerplate: {article.boilerplateLength.toLocaleString('en')} characters at the end, kept apart from the article
          </summary>
          <p dir="auto" className="mt-2 whitespace-pre-line text-slate-700">
            {article.boilerplate}
            {article.boilerplateLength > article.boilerplate.length && '…'}
          </p>
        </details>
      )}

      {preview.nearDuplicates.length > 0 && best && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="preview-near-duplicates">
          <p className="font-medium text-amber-950">It resembles {preview.nearDuplicates.length === 1 ? 'a claim' : 'claims'} already on the desk:</p>
          <ul className="mt-1 space-y-1">
            {preview.nearDuplicates.map((m) => (
              <li key={m.claimId}>
                <ClaimLink claim={m} newTab /> <span className="text-amber-900">— {percent(m.similarity)} similar</span>
              </li>
            ))}
          </ul>
          <label className="mt-3 flex items-start gap-2">
            <input
              type="checkbox"
              checked={item.confirmNearDuplicate}
              disabled={busy}
              onChange={(e) => onChange(item.key, { confirmNearDuplicate: e.target.checked })}
              className="mt-1"
            />
            <span>
              Import anyway, linked to “<bdi>{best.title}</bdi>”
            </span>
          </label>
        </div>
      )}
    </div>
  );
}

/** Outlet, original address and published day of one article; blank ones show the batch's value they will take. */
function ArticleFacts({ id, item, batch, busy, onChange }: { id: string; item: Item; batch: BatchValues; busy: boolean } & Pick<Props, 'onChange'>) {
  const fields = [
    { field: 'outlet', label: 'Outlet', type: 'text', maxLength: 200 },
    { field: 'url', label: 'Original URL', type: 'url', maxLength: 2000 },
    { field: 'publishedAt', label: 'Published date', type: 'date', maxLength: undefined },
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="article-facts">
      {fields.map(({ field, label, type, maxLength }) => {
        const fromBatch = item[field] === '' ? batch[field].trim() : '';
        return (
          <div key={field} className="min-w-0">
            <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-slate-600">
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              type={type}
              value={item[field]}
              maxLength={maxLength}
              disabled={busy}
              dir={type === 'text' ? 'auto' : 'ltr'}
              placeholder={fromBatch || undefined}
              onChange={(e) => onChange(item.key, { [field]: e.target.value })}
              aria-describedby={`${id}-${field}-note`}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
            />
            <p id={`${id}-${field}-note`} className="mt-1 text-xs text-slate-600">
              {fromBatch ? `From the batch: ${fromBatch}` : item[field] ? '' : field === 'publishedAt' ? 'Not given: shown as “date unknown”' : 'Not given'}
            </p>
          </div>
        );
      })}
    </div>
  );
}

type Detected = NonNullable<ArticleImportOutcome['article']>;

function LanguageField({
  id,
  value,
  detected,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  detected: Detected;
  disabled: boolean;
  onChange: (code: string) => void;
}) {
  const options = useMemo(() => languageOptions([detected.language, value]), [detected.language, value]);
  const how =
    detected.languageFrom === 'override'
      ? 'as you gave it'
      : detected.languageFrom === 'declared'
        ? 'as the page declares it'
        : detected.language === 'und'
          ? 'too short to tell'
          : `detected, ${percent(detected.languageConfidence)} confidence`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Language
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-note`}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5"
      >
        {detected.language === 'und' && <option value="und">Unknown (und)</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name} ({o.code})
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="mt-1 text-xs text-slate-600" data-testid="preview-language">
        {value === detected.language ? (
          <>
            {languageName(detected.language)}: {how}
          </>
        ) : (
          <>
            Changed from {languageName(detected.language)} ({how})
          </>
        )}
      </p>
    </div>
  );
}
