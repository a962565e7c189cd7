import { useEffect, useState } from 'react';

/**
 * The page's busy state behind the full-page loading overlay. The overlay belongs to what is in
 * flight: each piece of work holds it, and it shows while one hold is left. A hold ends with its work
 * ({@link whileBusy}, whatever the work does: answers, fails or throws), and every hold ends when the
 * page changes (a navigation finished, the back button, a page restored from the back-forward cache)
 * or when a handler failed without ending its own, so no page can be left under the overlay of the
 * one before.
 */
export interface BusyState {
  show: boolean;
  message?: string;
}

type Listener = () => void;

const holds = new Map<number, string | undefined>();
const listeners = new Set<Listener>();
let nextHold = 0;

function state(): BusyState {
  // the newest hold's message: it says what the customer waits for now
  const message = [...holds.values()].reverse().find((m) => m !== undefined);
  return holds.size > 0 ? { show: true, ...(message ? { message } : {}) } : { show: false };
}

/** The same object until the state changes, as React's external stores want it. */
let current: BusyState = { show: false };

function publish() {
  current = state();
  for (const listener of listeners) listener();
}

/** Shows the overlay until the returned release is called (or the page changes); releasing twice is harmless. */
export function holdBusy(message?: string): () => void {
  const id = ++nextHold;
  holds.set(id, message);
  publish();
  return () => {
    if (holds.delete(id)) publish();
  };
}

/** Runs the work under the overlay; the overlay ends with it, whether it answers, fails or throws. */
export async function whileBusy<T>(work: () => Promise<T>, message?: string): Promise<T> {
  const release = holdBusy(message);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Ends every hold: the page they were made on is gone, or their work failed without ending them. */
export function releaseAllBusy(): void {
  if (holds.size === 0) return;
  holds.clear();
  publish();
}

export function busyState(): BusyState {
  return current;
}

export function subscribeBusy(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A page's own busy flag (a button disabled while its work runs). A page the browser left (a post, the
 * gateway) and brings back from the back-forward cache is usable again, as its overlay is.
 */
export function useBusyFlag(): [boolean, (busy: boolean) => void] {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  return [busy, setBusy];
}
