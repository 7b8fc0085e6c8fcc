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

/*
 * The spec's generic field messages: « exact character
 * count {nb} » and « enter the value in capitals without special characters », for fixed-length codes
 * and codes typed in capitals, where no field-specific message says more.
 */
export const exactLengthMessage = (nb: number): string => `Veuillez saisir exactement ${nb} caractères.`;
export const CAPITALS_MESSAGE = 'Veuillez saisir la valeur en majuscules, sans caractères spéciaux.';

/** Whether a code holds only capital letters A–Z and digits (no accent, space, dash or other special character). */
export const isCapitalsCode = (value: string): boolean => /^[A-Z0-9]*$/.test(value);

/**
 * French typography for texts we do not write ourselves (a library's messages): a non-breaking space
 * instead of the plain one before « : ; ? ! » and « € ». Our own texts are written so (lint rule
 * mutua/french-spacing); this is its runtime counterpart.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ (?=[:;?!€](?:$|[\s)\]»"'’.,]))/g, '\u00a0');
}
