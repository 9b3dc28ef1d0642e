import { Classes, InputGroup } from '@blueprintjs/core';
import { COMPANY_ID_MAX, COMPANY_ID_MIN, isBlockedCompanyIdKey } from '../../common';

/** BRAND-031/032/042: a numeric Company ID field that refuses the letter e and the minus sign. */
export function CompanyIdInput(props: { id: string; value: string; invalid: boolean; onChange: (v: string) => void; testId: string }) {
  return (
    <InputGroup
      id={props.id}
      type="number"
      inputMode="numeric"
      min={COMPANY_ID_MIN}
      max={COMPANY_ID_MAX}
      step={1}
      value={props.value}
      intent={props.invalid ? 'danger' : 'none'}
      onKeyDown={(e) => {
        if (isBlockedCompanyIdKey(e.key)) e.preventDefault();
      }}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    />
  );
}

/** BRAND-012 / BRAND-037: a Company ID, muted when inherited from the brand or the client. */
export function CompanyIdValue({ value, inherited, title, testId }: { value: number | null; inherited: boolean; title?: string; testId: string }) {
  return (
    <span className={inherited ? Classes.TEXT_MUTED : undefined} data-inherited={inherited} title={inherited ? title : undefined} data-testid={testId}>
      {value ?? '—'}
    </span>
  );
}
