// A labelled input with its hint and its error tied to it (aria-describedby,
// aria-invalid), so a screen reader reads the error when the field is focused.
import type { InputHTMLAttributes } from 'react';

type Props = { id: string; label: string; error?: string; hint?: React.ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export const inputClass = 'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 focus:border-blue-600';

export function FormField({ id, label, error, hint, className, ...input }: Props) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {error && (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's error sentence, announced when it appears. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid={testId} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A form's main button: busy (and saying so) while its request runs. `wide` fills the card (the signed-out pages). */
export function SubmitButton({ pending, busy, wide, children }: { pending: boolean; busy: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60 ${wide ? 'w-full' : 'text-sm'}`}
    >
      {pending ? busy : children}
    </button>
  );
}
