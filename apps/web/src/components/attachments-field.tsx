import { ActionIcon, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  ERRORS,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILE_MB,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_TOTAL_MB,
  checkUploadBatch,
  detectUploadFormat,
  type UploadProblem,
} from '@mutua/contracts';
import { useId, useRef, useState } from 'react';
import classes from './attachments-field.module.css';

/** What the file picker proposes (a hint: the server checks each file's content). */
const ACCEPT = {
  [UPLOAD_CONTENT_TYPES.pdf]: ['.pdf'],
  [UPLOAD_CONTENT_TYPES.jpg]: ['.jpg', '.jpeg'],
  [UPLOAD_CONTENT_TYPES.gif]: ['.gif'],
  [UPLOAD_CONTENT_TYPES.png]: ['.png'],
};

export const UPLOAD_HINT = `Formats acceptés : .pdf, .jpg, .gif, .png. ${UPLOAD_MAX_FILES} fichiers au maximum, ${UPLOAD_MAX_FILE_MB} Mo par fichier, ${UPLOAD_MAX_TOTAL_MB} Mo au total.`;

const REJECTION_PROBLEMS: Record<string, UploadProblem> = {
  'file-invalid-type': 'UPLOAD_INVALID_FORMAT',
  'file-too-large': 'UPLOAD_FILE_TOO_LARGE',
  'too-many-files': 'UPLOAD_TOO_MANY_FILES',
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

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

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Disables adding and removing (while sending). */
  disabled?: boolean;
  /** The group's label; say « (facultatif) » in it when the files are optional. */
  label?: string;
};

/**
 * The one upload experience of the portal (every form that sends files uses it). Attachments: a drop zone, a keyboard-reachable "Ajouter des fichiers" button opening
 * the same picker, the list of chosen files (each removable), and the upload rules' messages.
 */
export function AttachmentsField({ files, onChange, disabled = false, label = 'Pièces jointes (facultatif)' }: Props) {
  const openRef = useRef<() => void>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const hintId = useId();
  const errorId = useId();
  const labelId = useId();

  const add = async (added: File[]) => {
    const next = [...files, ...added];
    const found = await uploadProblemOf(next);
    setProblem(found);
    if (!found) onChange(next);
  };

  const remove = (index: number) => {
    setProblem(null);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={`${hintId}${problem ? ` ${errorId}` : ''}`}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Dropzone
        onDrop={(dropped) => void add(dropped)}
        onReject={(rejections) => setProblem(REJECTION_PROBLEMS[rejections[0]?.errors[0]?.code ?? ''] ?? 'UPLOAD_INVALID_FORMAT')}
        accept={ACCEPT}
        maxSize={UPLOAD_MAX_FILE_BYTES}
        maxFiles={UPLOAD_MAX_FILES}
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
        <Button variant="outline" size="sm" onClick={() => openRef.current?.()} disabled={disabled}>
          Ajouter des fichiers
        </Button>
        <Text id={hintId} size="xs" c="gray.7">
          {UPLOAD_HINT}
        </Text>
      </Group>
      <div aria-live="polite">
        {problem && (
          <Text id={errorId} size="sm" c="red.8" role="alert">
            {ERRORS[problem].message}
          </Text>
        )}
      </div>
      {files.length > 0 && (
        <ul className={classes.fileList} aria-label="Fichiers ajoutés">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" className={classes.fileName}>
                  {file.name} <span className={classes.fileSize}>({formatSize(file.size)})</span>
                </Text>
                <ActionIcon variant="subtle" color="red" onClick={() => remove(index)} disabled={disabled} aria-label={`Retirer ${file.name}`}>
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ul>
      )}
      <VisuallyHidden aria-live="polite">{files.length > 0 ? `${files.length} fichier${files.length > 1 ? 's' : ''} ajouté${files.length > 1 ? 's' : ''}` : ''}</VisuallyHidden>
    </Stack>
  );
}
