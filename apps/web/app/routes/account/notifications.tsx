import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { NotificationPreferences } from '../../features/account/notification-preferences.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.notifications.title');

type Notice = Answer<'GET /restpp/asset/notifications'>['notifications'][number];

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const [res, prefs] = await Promise.all([
    args.context.api<'GET /restpp/asset/notifications'>('/restpp/asset/notifications'),
    args.context.api<'GET /restpp/asset/notifications/preferences'>('/restpp/asset/notifications/preferences'),
  ]);
  return { ...base, notifications: res.body.notifications ?? [], preferences: prefs.body.preferences ?? null };
}

export default function Notifications() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [list, setList] = useState(data.notifications);
  const unread = list.filter((n) => !n.readAt).length;
  async function markRead(n: Notice) {
    const body = await request<'POST /restpp/asset/notifications/:id/read'>({
      url: `/restpp/asset/notifications/${n.id}/read`,
      method: 'POST',
      contentType: 'json',
      data: {},
    });
    if (body?.success) {
      const readAt = body.readAt;
      setList((l) => l.map((x) => (x.id === n.id ? { ...x, readAt } : x)));
    }
  }
  return (
    // the section links count what is still unread here, as the customer marks notices read
    <AccountShell title={t('account.notifications.title')} base={{ ...data, unread }}>
      <p aria-live="polite" data-testid="unread-count">
        {t('account.notifications.unread', { count: unread })}
      </p>
      {list.length === 0 ? (
        <p>{t('account.notifications.none')}</p>
      ) : (
        <ul className="cards" data-testid="notifications">
          {list.map((n) => (
            <li key={n.id} className="card">
              <h2>{n.title}</h2>
              <p>{n.body}</p>
              <p>
                <small>{formatDateInZone(new Date(n.createdAt), market.timeZone)}</small> ·{' '}
                <strong>{t(n.readAt ? 'account.notifications.read' : 'account.notifications.new')}</strong>
              </p>
              {!n.readAt && (
                <button type="button" className="button button-ghost" onClick={() => markRead(n)}>
                  {t('account.notifications.markRead', { title: n.title })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.preferences && <NotificationPreferences initial={data.preferences} />}
    </AccountShell>
  );
}
