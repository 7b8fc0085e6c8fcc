import { Alert, Button, Loader, type ButtonProps } from '@mantine/core';
import { DOWNLOAD_FAILED } from '../lib/download';

type DownloadButtonProps = Omit<ButtonProps, 'loading' | 'leftSection'> & {
  /** The download is under way: the button shows it and ignores clicks. */
  pending: boolean;
  onClick: () => void;
  'aria-label'?: string;
};

/**
 * A button that starts a download. It shows progress without becoming disabled: a disabled button
 * drops the keyboard focus to the page, and the member would have to find their place again.
 */
export function DownloadButton({ pending, onClick, children, ...props }: DownloadButtonProps) {
  return (
    <Button
      {...props}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onClick();
      }}
      leftSection={pending ? <Loader size={14} color="currentColor" /> : <span aria-hidden="true">⤓</span>}
    >
      {children}
    </Button>
  );
}

/** A list's « Télécharger » for one of its files, named after that file for screen readers. */
export function FileDownloadButton({ name, pending, onClick }: { name: string; pending: boolean; onClick: () => void }) {
  return (
    <DownloadButton size="xs" variant="light" pending={pending} onClick={onClick} aria-label={`Télécharger ${name}`}>
      Télécharger
    </DownloadButton>
  );
}

/** A download that failed, said where the button is (announced): the file could not be fetched, try again. */
export function DownloadFailed({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={DOWNLOAD_FAILED.title}>
      {DOWNLOAD_FAILED.message}
    </Alert>
  );
}
