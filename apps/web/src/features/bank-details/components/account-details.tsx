import { DataList } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TBankAccount } from '@mutua/contracts/bank-details';
import type { ReactNode } from 'react';
import { DataRow } from '../../../components/data-row';

/** Label/value list; on a phone, each label above its value. */
export function Details({ children }: { children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <DataList size="sm" labelWidth="12rem" withDivider orientation={phone ? 'vertical' : 'horizontal'}>
      {children}
    </DataList>
  );
}

/** Holder, bank, IBAN masked but for its last 4 characters, BIC. */
export function AccountDetails({ account }: { account: TBankAccount }) {
  return (
    <Details>
      <DataRow label="Titulaire">{account.holder}</DataRow>
      <DataRow label="Banque">{account.bankName ?? 'Non renseignée'}</DataRow>
      <DataRow label="IBAN">
        <span aria-label={`IBAN se terminant par ${account.ibanLast4.split('').join(' ')}`}>{account.ibanMasked}</span>
      </DataRow>
      <DataRow label="BIC">{account.bic ?? 'Non renseigné'}</DataRow>
    </Details>
  );
}
