import { lazy, Suspense, type ComponentProps } from 'react';

// Rarely needed: loaded when the login answers SPAM_BLOCKED, not with the login form.
const SpamGuide = lazy(() => import('./spam-guide').then((m) => ({ default: m.SpamGuide })));

export function LazySpamGuide(props: ComponentProps<typeof SpamGuide>) {
  return (
    <Suspense fallback={null}>
      <SpamGuide {...props} />
    </Suspense>
  );
}
