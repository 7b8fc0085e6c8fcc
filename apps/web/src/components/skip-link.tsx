import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every layout: jumps over the header to the main content. */
export function SkipLink() {
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      Aller au contenu principal
    </a>
  );
}
