import { Fragment } from 'react';
import { emailBreakParts } from '#domain/contact-breaks.ts';

/** An e-mail address that wraps only after its @ and dots (<wbr>); it reads and copies as it is. */
export function EmailText({ email }: { email: string }) {
  const parts = emailBreakParts(email);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        // The parts of one address never move: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A phone number kept on one line: "(813) 555-0193" never wraps after its dash. */
export function PhoneText({ phone }: { phone: string }) {
  return <span className="whitespace-nowrap">{phone}</span>;
}
