// A new password and the same again, with the rules as a hint: My account's
// change-password form and the page an invitation or reset link opens. Length
// and equality are checked in the browser; the server judges strength.
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/validation/passwords';
import type { FieldErrors } from './field-issues';
import { FormField } from './form-field';
import { formText } from './form-text';

export const PASSWORD_RULES = `At least ${PASSWORD_MIN} characters, any characters. A phrase of four or more unrelated words is easy to remember and hard to guess.`;

/** The form fields' names: the server's issues name them too. */
type Names = { password: string; confirm: string };

function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Passwords need at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Passwords have at most ${PASSWORD_MAX} characters.`;
  return null;
}

/** The pair's problems before any request, by field name (empty when there are none). */
export function passwordPairProblems(data: FormData, names: Names): FieldErrors {
  const password = formText(data, names.password);
  const problem = newPasswordProblem(password);
  if (problem) return { [names.password]: problem };
  if (formText(data, names.confirm) !== password) return { [names.confirm]: 'The two passwords are not the same.' };
  return {};
}

type Props = { names: Names; labels: Names; errors: FieldErrors; autoFocus?: boolean };

export function PasswordPair({ names, labels, errors, autoFocus }: Props) {
  return (
    <>
      <FormField
        id={names.password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        hint={PASSWORD_RULES}
        error={errors[names.password]}
      />
      <FormField id={names.confirm} label={labels.confirm} type="password" autoComplete="new-password" error={errors[names.confirm]} />
    </>
  );
}
