import type { MessageDef } from './message-format.ts';

/**
 * The texts of an error page rendered before the market is known (the root's data failed). Part of
 * the store's common messages; kept in a module of their own because the browser bundle needs these
 * three and no other text.
 */
export const fallbackMessages = {
  'shell.notFound.title': { page: 'shell', text: 'No encontramos esta página' },
  'shell.error.title': { page: 'shell', text: 'Algo salió mal' },
  'shell.error.body': { page: 'shell', text: 'Tuvimos un problema al mostrar esta página. Inténtalo nuevamente en unos minutos.' },
} satisfies Record<string, MessageDef>;
