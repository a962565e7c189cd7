import { useEffect, useState } from 'react';

/** False in the server's HTML and the render that hydrates it; true once the page's JavaScript runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
