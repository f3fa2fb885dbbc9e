'use client';

// A step that opens under a row of buttons: a question or a small control, a
// confirm button and Cancel, and the server's refusal when there is one. The
// button that opens it stays where it is (aria-expanded), so Escape and Cancel
// give focus back to it. People (role, disable) and My account (sign out
// everywhere) use it.
import { useCallback, useRef, useState } from 'react';
import type { ApiResult } from './api-client';

export const actionButton =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

const TONES = {
  neutral: {
    box: 'border-slate-200 bg-slate-50',
    confirm: 'bg-blue-700 hover:bg-blue-800',
    cancel: 'text-slate-700 hover:bg-slate-200',
    error: 'text-red-700',
  },
  danger: { box: 'border-red-200 bg-red-50', confirm: 'bg-red-700 hover:bg-red-800', cancel: 'text-slate-800 hover:bg-red-100', error: 'text-red-800' },
};

/** The panel's state, the props of the button that opens it, and `run` for the request it confirms. */
export function useActionPanel() {
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = useCallback(() => {
    setOpen(false);
    setError(null);
    opener.current?.focus();
  }, []);

  function toggle() {
    if (open) {
      close();
      return;
    }
    setError(null);
    setOpen(true);
  }

  /** Sends the request: on success closes the panel and answers the data; on a refusal keeps it open with the reason and answers null. */
  async function run<T>(request: () => Promise<ApiResult<T>>): Promise<T | null> {
    setPending(true);
    setError(null);
    const result = await request();
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return null;
    }
    close();
    return result.data;
  }

  /** For the opening button: focus comes back to it, and it says whether its panel is open. */
  const openerProps = (panelId: string) => ({ ref: opener, 'aria-expanded': open, 'aria-controls': open ? panelId : undefined });

  return { open, pending, error, toggle, close, run, openerProps };
}

type Props = {
  id: string;
  /** The group's name, said when focus enters it: the question ("Disable Ana?") or the action. */
  label: string;
  tone: keyof typeof TONES;
  /** The state from useActionPanel: busy, refusal, Cancel. */
  panel: Pick<ReturnType<typeof useActionPanel>, 'pending' | 'error' | 'close'>;
  /** The confirm button's text, and its text while the request runs. */
  confirm: string;
  busy: string;
  /** Read after the confirm button's text by screen readers, when several rows have one ("for Ana"). */
  whose?: string;
  onConfirm: () => void;
  /** False when a control among the children takes focus itself (autoFocus). */
  focusConfirm?: boolean;
  children: React.ReactNode;
};

export function ActionPanel({ id, label, tone, panel, confirm, busy, whose, onConfirm, focusConfirm = true, children }: Props) {
  const { pending, error, close: onCancel } = panel;
  const t = TONES[tone];
  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key !== 'Escape') return;
    // Not the page's own Escape (global shortcuts): this closes the panel only.
    e.stopPropagation();
    onCancel();
  }
  return (
    <div id={id} role="group" aria-label={label} onKeyDown={onKeyDown} className={`order-last w-full rounded-md border p-2 text-sm ${t.box}`}>
      {children}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus={focusConfirm}
          disabled={pending}
          onClick={onConfirm}
          className={`rounded-md px-2.5 py-1 font-medium text-white disabled:opacity-60 ${t.confirm}`}
        >
          {pending ? busy : confirm}
          {whose && <span className="sr-only"> {whose}</span>}
        </button>
        <button type="button" onClick={onCancel} className={`rounded-md px-2 py-1 ${t.cancel}`}>
          Cancel
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={`mt-1 ${t.error}`}>
          {error}
        </p>
      )}
    </div>
  );
}
