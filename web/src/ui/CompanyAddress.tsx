import { Fragment } from 'react';
import { COMPANY } from '../lib/company';

/** The company's postal address, a line each; `withName` starts it with the company's name. */
export function CompanyAddress({ className, withName = false }: { className?: string; withName?: boolean }) {
  const lines = withName ? [COMPANY.name, COMPANY.street, COMPANY.city, COMPANY.country] : [COMPANY.street, COMPANY.city, COMPANY.country];
  return (
    <address className={className}>
      {lines.map((line, i) => (
        <Fragment key={line}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
