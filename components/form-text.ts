/** A text field's value ('' when it is missing; a file input is not text). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
