import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a label/value list (Mantine's DataList): « Date des soins » — « 15 janvier 2026 ». */
export function DataRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
