import * as React from "react";

/**
 * An e-mail address that may wrap after its "@" and its dots, where a reader expects a break,
 * rather than anywhere in the middle of a word; a part too long for the line still breaks
 * (overflow-wrap: break-word) rather than pushing the page sideways.
 */
export function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span className="[overflow-wrap:break-word]">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <React.Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </React.Fragment>
      ))}
    </span>
  );
}
