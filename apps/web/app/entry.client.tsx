import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { readLinkedTexts } from './lib/message-groups.ts';

/**
 * The page's texts are files of their own, preloaded by its head (decision 011 addendum): hydration
 * renders with them, so it starts once they are read. One more try after a failure; if that fails too
 * the page stays as the server sent it, where links and forms work without JavaScript.
 */
readLinkedTexts(document)
  .catch(() => readLinkedTexts(document, true))
  .then(
    () =>
      startTransition(() => {
        hydrateRoot(document, <HydratedRouter />);
      }),
    (error: unknown) => console.error('texts', error),
  );
