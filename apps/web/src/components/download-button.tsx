import { Button, Loader, type ButtonProps } from '@mantine/core';

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
