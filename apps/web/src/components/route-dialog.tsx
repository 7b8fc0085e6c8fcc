import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { hasAppHistory } from '../lib/navigation';
import { paths } from '../lib/paths';
import { Popup } from './popup';

type RouteDialogContextValue = { close: () => void };
const RouteDialogContext = createContext<RouteDialogContextValue | null>(null);

/** Inside a dialog route: `close()` plays the closing transition, then leaves the dialog's URL. */
export function useRouteDialog(): RouteDialogContextValue {
  const value = useContext(RouteDialogContext);
  if (!value) throw new Error('useRouteDialog must be used inside a dialog route');
  return value;
}

/**
 * A route shown as a modal over the page behind it (the layout renders both). Closing goes back
 * in history when the dialog was reached from the app, else to home.
 */
export function RouteDialog({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(true);
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const context = useMemo(() => ({ close: () => setOpened(false) }), []);
  const leave = () => void (hasAppHistory() ? navigate(-1) : navigate(paths.home, { replace: true }));
  return (
    <Popup opened={opened} onClose={context.close} onExitTransitionEnd={leave} title={title} size="lg" fullScreen={fullScreen}>
      <RouteDialogContext.Provider value={context}>{children}</RouteDialogContext.Provider>
    </Popup>
  );
}
