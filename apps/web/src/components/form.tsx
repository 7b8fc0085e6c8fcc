import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * Every form of the app: a <form> (the browser's own bubbles off: our French messages show under the
 * fields) that, once sent, moves the focus to the first field in error — whether the form's own checks
 * refused it or the server did, a moment later — so that the member hears and sees what to correct.
 * A field is in error when its input says so (`aria-invalid="true"`, as Mantine's inputs do with an
 * `error`). Typing again stops the wait: the focus is never taken from a member who is writing.
 */
export function Form({ onSubmit, onInput, ref, ...props }: ComponentProps<'form'>) {
  const own = useRef<HTMLFormElement | null>(null);
  const sent = useRef(false);
  const focusFirstInvalid = () => {
    const form = own.current;
    if (!sent.current || !form) return;
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    sent.current = false;
    if (document.activeElement?.getAttribute('aria-invalid') !== 'true' || !form.contains(document.activeElement)) invalid.focus();
  };
  // A refusal that comes later (the server's) re-renders the form: look again then.
  useEffect(focusFirstInvalid);
  return (
    <form
      noValidate
      {...props}
      ref={(element) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      onSubmit={(event) => {
        sent.current = true;
        onSubmit?.(event);
        // A field already in error before the submit (checked when left) changes nothing to render.
        requestAnimationFrame(focusFirstInvalid);
      }}
      onInput={(event) => {
        sent.current = false;
        onInput?.(event);
      }}
    />
  );
}
