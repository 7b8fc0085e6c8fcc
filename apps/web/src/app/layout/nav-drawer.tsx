import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The phone menu. Loaded the first time the burger is pressed (main-layout.tsx): Mantine's Drawer
 * brings its ScrollArea, which no screen needs on a cold load.
 */
export default function NavDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer id="main-menu" opened={opened} onClose={onClose} title="Menu" size="xs" closeButtonProps={{ 'aria-label': 'Fermer le menu' }}>
      {children}
    </Drawer>
  );
}
