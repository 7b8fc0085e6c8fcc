import '@mantine/dropzone/styles.css';
import { ActionIcon, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { formatFileSize } from '@mutua/contracts/french-format';
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_TOTAL_BYTES,
  fileUploadProblem,
  type FileUploadProblem,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILE_MB,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_TOTAL_MB,
  checkUploadBatch,
  detectUploadFormat,
  type UploadProblem,
} from '@mutua/contracts/uploads';
import { useId, useRef, useState } from 'react';
import classes from './attachments-field.module.css';

/** What the file picker proposes (a hint: the server checks each file's content). */
const ACCEPT = {
  [UPLOAD_CONTENT_TYPES.pdf]: ['.pdf'],
  [UPLOAD_CONTENT_TYPES.jpg]: ['.jpg', '.jpeg'],
  [UPLOAD_CONTENT_TYPES.gif]: ['.gif'],
  [UPLOAD_CONTENT_TYPES.png]: ['.png'],
};

export const UPLOAD_HINT = `Formats acceptés\u00a0: .pdf, .jpg, .gif, .png. ${UPLOAD_MAX_FILES} fichiers au maximum, ${UPLOAD_MAX_FILE_MB} Mo par fichier, ${UPLOAD_MAX_TOTAL_MB} Mo au total.`;

const REJECTION_PROBLEMS: Record<string, UploadProblem> = {
  'file-invalid-type': 'UPLOAD_INVALID_FORMAT',
  'file-too-large': 'UPLOAD_FILE_TOO_LARGE',
  'too-many-files': 'UPLOAD_TOO_MANY_FILES',
};

async function headOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 8).arrayBuffer());
}

/**
 * The first problem of a list of files by the shared upload rules: count, empty files, size, total,
 * and each file's format read from its first bytes (never from its name).
 */
export async function uploadProblemOf(files: readonly File[]): Promise<UploadProblem | null> {
  const checked = await Promise.all(files.map(async (file) => ({ size: file.size, head: file.size > 0 ? await headOf(file) : undefined })));
  const problem = checkUploadBatch(checked);
  if (problem) return problem;
  return checked.some((f) => f.head && detectUploadFormat(f.head) === null) ? 'UPLOAD_INVALID_FORMAT' : null;
}

/** Why one file was not added, in French, naming the rule (the limits come from contracts). */
export const FILE_REASONS: Record<FileUploadProblem | 'UPLOAD_TOO_MANY_FILES' | 'UPLOAD_TOTAL_TOO_LARGE', string> = {
  UPLOAD_EMPTY_FILE: 'le fichier est vide.',
  UPLOAD_FILE_TOO_LARGE: `le fichier dépasse ${UPLOAD_MAX_FILE_MB}\u00a0Mo.`,
  UPLOAD_INVALID_FORMAT: 'ce n’est pas un fichier .pdf, .jpg, .gif ou .png (son contenu a été vérifié, pas seulement son nom).',
  UPLOAD_ENCRYPTED: 'le PDF est protégé par un mot de passe\u00a0: envoyez une version non protégée.',
  UPLOAD_TOO_MANY_FILES: `${UPLOAD_MAX_FILES}\u00a0fichiers au maximum.`,
  UPLOAD_TOTAL_TOO_LARGE: `les fichiers dépasseraient ${UPLOAD_MAX_TOTAL_MB}\u00a0Mo au total.`,
};

export type RejectedFile = { name: string; reason: string };

/** Reads what the early check needs: the first bytes, or the whole file for a PDF (encryption). */
async function bytesOf(file: File): Promise<Uint8Array> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (file.size > UPLOAD_MAX_FILE_BYTES || detectUploadFormat(head) !== 'pdf') return head;
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Splits added files into those kept and those refused with their reason: each file on its own
 * (empty, size, format by content, encrypted PDF), then the count and total with what is already there.
 */
export async function sortAddedFiles(current: readonly File[], added: readonly File[]): Promise<{ kept: File[]; rejected: RejectedFile[] }> {
  const kept: File[] = [];
  const rejected: RejectedFile[] = [];
  let count = current.length;
  let total = current.reduce((sum, f) => sum + f.size, 0);
  for (const file of added) {
    const problem = fileUploadProblem({ size: file.size, bytes: file.size > 0 ? await bytesOf(file) : new Uint8Array() });
    const reason = problem
      ? FILE_REASONS[problem]
      : count + 1 > UPLOAD_MAX_FILES
        ? FILE_REASONS.UPLOAD_TOO_MANY_FILES
        : total + file.size > UPLOAD_MAX_TOTAL_BYTES
          ? FILE_REASONS.UPLOAD_TOTAL_TOO_LARGE
          : null;
    if (reason) rejected.push({ name: file.name, reason });
    else {
      kept.push(file);
      count += 1;
      total += file.size;
    }
  }
  return { kept, rejected };
}

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Disables adding and removing (while sending). */
  disabled?: boolean;
  /** The group's label; say « (facultatif) » in it when the files are optional. */
  label?: string;
  /** At least one file is needed (shown with an asterisk; the form checks it and passes `error`). */
  required?: boolean;
  /** The form's message about this field (e.g. « Veuillez ajouter le document correspondant »). */
  error?: string;
  /** What the files should show, under the label. */
  description?: string;
  /** Limits of the whole form when several fields share them (default: this field's own files). */
  otherFiles?: readonly File[];
};

/**
 * The one upload experience of the portal (every form that sends files uses it). Attachments: a drop zone, a keyboard-reachable "Ajouter des fichiers" button opening
 * the same picker, the list of chosen files (each removable), and the upload rules' messages.
 */
export function AttachmentsField({
  files,
  onChange,
  disabled = false,
  label = 'Pièces jointes (facultatif)',
  required = false,
  error,
  description,
  otherFiles = [],
}: Props) {
  const openRef = useRef<() => void>(null);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const hintId = useId();
  const errorId = useId();
  const labelId = useId();
  const descriptionId = useId();
  const hasProblem = rejected.length > 0 || Boolean(error);

  const add = async (added: File[], refused: RejectedFile[] = []) => {
    const { kept, rejected: refusedHere } = await sortAddedFiles([...otherFiles, ...files], added);
    setRejected([...refused, ...refusedHere]);
    if (kept.length > 0) onChange([...files, ...kept]);
  };

  const remove = (index: number) => {
    setRejected([]);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[description ? descriptionId : null, hintId, hasProblem ? errorId : null].filter(Boolean).join(' ')}
    >
      <Text id={labelId} fw={500} size="sm">
        {label}
        {required && (
          <Text span c="red.8" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {description && (
        <Text id={descriptionId} size="sm" c="gray.7">
          {description}
        </Text>
      )}
      <Dropzone
        onDrop={(dropped) => void add(dropped)}
        // The picker's own filter (type hint, size): those files get their reason too, the others are still checked by content.
        onReject={(rejections) =>
          void add(
            [],
            rejections.map((r) => ({
              name: r.file.name,
              reason: FILE_REASONS[REJECTION_PROBLEMS[r.errors[0]?.code ?? ''] ?? 'UPLOAD_INVALID_FORMAT'] ?? FILE_REASONS.UPLOAD_INVALID_FORMAT,
            })),
          )
        }
        accept={ACCEPT}
        maxSize={UPLOAD_MAX_FILE_BYTES}
        openRef={openRef}
        activateOnKeyboard={false}
        disabled={disabled}
        className={classes.dropzone}
        data-testid="attachments-dropzone"
      >
        <Text ta="center" size="sm">
          Glissez vos fichiers ici
        </Text>
      </Dropzone>
      <Group gap="sm" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => openRef.current?.()} disabled={disabled} aria-describedby={labelId}>
          Ajouter des fichiers
        </Button>
        <Text id={hintId} size="xs" c="gray.7">
          {UPLOAD_HINT}
        </Text>
      </Group>
      <div aria-live="polite" id={errorId}>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {rejected.length > 0 && (
          <div role="alert">
            <Text size="sm" c="red.8" fw={600}>
              {rejected.length > 1 ? `${rejected.length}\u00a0fichiers n’ont pas été ajoutés\u00a0:` : 'Un fichier n’a pas été ajouté\u00a0:'}
            </Text>
            <ul className={classes.fileList} aria-label="Fichiers refusés">
              {rejected.map((r, i) => (
                <li key={`${r.name}-${i}`}>
                  <Text size="sm" c="red.8" className={classes.fileName}>
                    {r.name}
                    {'\u00a0: '}
                    {r.reason}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {files.length > 0 && (
        <ul className={classes.fileList} aria-label={`Fichiers ajoutés\u00a0: ${label}`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" className={classes.fileName}>
                  {file.name} <span className={classes.fileSize}>({formatFileSize(file.size)})</span>
                </Text>
                <ActionIcon variant="subtle" color="red" onClick={() => remove(index)} disabled={disabled} aria-label={`Retirer ${file.name}`}>
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ul>
      )}
      <VisuallyHidden aria-live="polite">
        {files.length > 0 ? `${files.length} fichier${files.length > 1 ? 's' : ''} ajouté${files.length > 1 ? 's' : ''}` : ''}
      </VisuallyHidden>
    </Stack>
  );
}

/**
 * The state of an attachments field the form cannot be sent without: the files, and the message shown
 * under the field when it is sent empty (gone once files are added). `field` goes to AttachmentsField.
 */
export function useRequiredFiles(message: string) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  return {
    files,
    /** Whether files were chosen; when not, the field says `message`. */
    chosen: () => {
      if (files.length > 0) return true;
      setError(message);
      return false;
    },
    field: {
      files,
      error,
      onChange: (next: File[]) => {
        setFiles(next);
        if (next.length > 0) setError(undefined);
      },
    },
  };
}
