import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways inside this box on a narrow screen (360 px) instead of widening the
 * whole page. The box takes keyboard focus, so it can be scrolled without a mouse, and is named
 * after its table for screen readers (a focusable region needs a name).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * An account-style table: its caption names both the table and its scroll box, one header row of
 * column names; the caller gives the body rows.
 */
export function DataTable({
  caption,
  columns,
  testId,
  className = 'data-table',
  children,
}: {
  caption: string;
  columns: string[];
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className={className} data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
