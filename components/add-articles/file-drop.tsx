'use client';

// Drop files here, or pick them with the button (the keyboard's way in). The
// browser turns away files the server would refuse for their type or size at
// once; the server checks everything again.
import { useId, useRef, useState } from 'react';
import { ACCEPTED_EXTENSIONS, fileProblem, MAX_FILES } from './import-items';
import type { AddSources } from './article-sources';
import { useHydrated } from '../use-hydrated';

export function FileDrop({ onAdd, room, disabled }: { onAdd: AddSources; room: number; disabled: boolean }) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const hydrated = useHydrated();

  function take(files: File[]) {
    const refused: string[] = [];
    const fine = files.filter((f) => {
      const problem = fileProblem(f);
      if (problem) refused.push(problem);
      return !problem;
    });
    const kept = fine.slice(0, Math.max(0, room));
    const left = fine.length - kept.length;
    if (left > 0) refused.push(`${left} file${left === 1 ? ' was' : 's were'} not added: ${MAX_FILES} articles at a time.`);
    setProblems(refused);
    if (kept.length) onAdd(kept.map((file) => ({ source: { kind: 'file', file }, label: file.name })));
  }

  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          if (disabled) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) take(Array.from(e.dataTransfer.files));
        }}
        data-testid="drop-zone"
        className={`flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors sm:py-10 ${
          over ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p className="text-sm text-slate-700">
          <span className="hidden sm:inline">Drag files here, or</span>
          <span className="sm:hidden">Add files from your device</span>
        </p>
        <button
          type="button"
          disabled={disabled || !hydrated}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
        >
          Choose files…
        </button>
        <p id={hintId} className="text-xs text-slate-600">
          .txt, .md, .html or .htm · up to {MAX_FILES} files, 2 MB each
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_EXTENSIONS.join(',')}
          hidden
          onChange={(e) => {
            take(Array.from(e.target.files ?? []));
            e.target.value = ''; // the same file can be chosen again after removing it
          }}
        />
      </div>
      <div aria-live="polite" data-testid="file-problems">
        {problems.length > 0 && (
          <ul className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
