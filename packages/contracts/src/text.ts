/**
 * Control characters never belong in what a member types: NUL breaks PostgreSQL text, the others hide
 * content or forge log lines. Free text (a message body) may keep tabs and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- idem
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Votre saisie contient des caractères non autorisés.';

/** Whether the text holds a control character (tab, line feed and carriage return allowed in free text). */
export function hasControlCharacters(value: string, opts: { freeText?: boolean } = {}): boolean {
  return (opts.freeText ? CONTROL : CONTROL_OR_LINE_BREAK).test(value);
}
