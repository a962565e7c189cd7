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
