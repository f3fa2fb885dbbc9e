'use client';

// The submit cycle of the account forms (invite, change password, set a
// password): what the browser finds wrong is shown at once, what the server
// finds wrong next to the field it names, and focus goes to the first field
// marked either way.
import { useState } from 'react';
import type { ApiResult } from './api-client';
import { type FieldErrors, fieldErrors, formErrorOf } from './field-issues';

// After React has marked the fields: state set in a handler renders once it returns.
const focusFirstInvalid = (form: HTMLFormElement) => requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** `fields` are the names the form shows errors beside; issues about any other make the form-level sentence. */
export function useCheckedForm(fields: readonly string[]) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Shows the browser's own findings; answers whether the form may be sent. */
  function check(form: HTMLFormElement, found: FieldErrors): boolean {
    setErrors(found);
    setFormError(null);
    if (!Object.values(found).some(Boolean)) return true;
    focusFirstInvalid(form);
    return false;
  }

  /**
   * Sends the request and shows a refusal (answering null). `leaving`: the page
   * navigates away on success, so the button stays busy until it does.
   */
  async function send<T>(form: HTMLFormElement, request: () => Promise<ApiResult<T>>, options: { leaving?: boolean } = {}): Promise<T | null> {
    setPending(true);
    const result = await request();
    if (!result.ok) {
      setPending(false);
      setErrors(fieldErrors(result.error));
      setFormError(formErrorOf(result.error, fields));
      focusFirstInvalid(form);
      return null;
    }
    if (!options.leaving) setPending(false);
    return result.data;
  }

  return { pending, errors, formError, check, send };
}
