import { Textarea, type TextareaProps } from '@mantine/core';
import type { Ref } from 'react';

type CommentFieldProps = TextareaProps & { limit: number; ref?: Ref<HTMLTextAreaElement>; 'data-field'?: string };

/** A form's free text (a comment, a message): optional unless said, growing with its text, its length limit said beside it. */
export function CommentField({ limit, label = 'Commentaire (facultatif)', ...props }: CommentFieldProps) {
  return <Textarea label={label} autosize minRows={3} maxRows={8} maxLength={limit} description={`${limit}\u00a0caractères au maximum`} {...props} />;
}
