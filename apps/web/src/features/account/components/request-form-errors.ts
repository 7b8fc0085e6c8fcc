/** A schema's check of a form (zod's safeParse answer), reduced to what this module reads. */
type Checked = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export const FILES_REQUIRED = 'Veuillez télécharger le/les fichier(s) nécessaire(s)';

/**
 * What a request form with supporting files says before it is sent: the first message of each field
 * its schema refused, and the files' own when none is attached. Empty: the form may go.
 */
export function requestFormErrors(checked: Checked, files: readonly File[]): Record<string, string> {
  const found: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
  if (files.length === 0) found.files = FILES_REQUIRED;
  return found;
}
