import type { ReactNode } from 'react';
import { InPlaceSubmit } from '../../../components/in-place-submit.tsx';
import { listingFields, type ListingState } from '../../../../contracts/listing-query.ts';

/**
 * A button that changes the listing: in place with JavaScript, and without it a GET form that loads
 * the listing the click asks for (`to`).
 */
export function ListingButton({
  to,
  onClick,
  className,
  children,
}: {
  to: ListingState;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form method="get" className="contents">
      {listingFields(to).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <InPlaceSubmit onSubmitInPlace={onClick} className={className}>
        {children}
      </InPlaceSubmit>
    </form>
  );
}
