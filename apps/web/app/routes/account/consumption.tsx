import { formatCount, formatTenths } from '@andes/domain/money';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatCalendarDay } from '@andes/domain/dates';
import { axisLabelIndices, dataInUnit, dataUnitFor } from '@andes/domain/account-consumption';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.consumption.title');

type Bucket = Answer<'GET /REST/asset/:phoneNumber/consumption'>['totals'][number];
type Row = Answer<'GET /REST/asset/:phoneNumber/consumption'>['dataByDay'][number];

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const url = new URL(args.request.url);
  const detail = url.pathname.endsWith('consumo-detalle');
  const query = new URLSearchParams();
  for (const name of ['kind', 'from', 'to']) {
    const v = url.searchParams.get(name);
    if (v) query.set(name, v);
  }
  const res = await args.context.api<'GET /REST/asset/:phoneNumber/consumption'>(
    `/REST/asset/${base.line.phoneNumber}/consumption${query.size ? `?${query}` : ''}`,
  );
  return {
    ...base,
    detail,
    filter: { kind: url.searchParams.get('kind') ?? '', from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
    errors: res.body.validationError ?? null,
    cycleStart: res.body.cycleStart ?? '',
    range: res.body.range ?? null,
    totals: res.body.totals ?? [],
    dataByDay: res.body.dataByDay ?? [],
    rows: res.body.detail ?? [],
  };
}

export default function Consumption() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const dataTotals = data.totals.find((b) => b.kind === 'data');
  // A GB plan's usage reads in GB (12,5 GB de 40 GB), not in thousands of MB.
  const dataUnit = dataUnitFor([dataTotals?.used, typeof dataTotals?.allowance === 'number' ? dataTotals.allowance : null]);
  const fmt = (kind: Row['kind'], value: number) =>
    kind === 'data' && dataUnit === 'GB'
      ? t('account.consumption.unit.dataGb', { value: formatTenths(dataInUnit(value, 'GB'), market.currency) })
      : t(`account.consumption.unit.${kind}`, { value: formatCount(value, market.currency) });
  const day = (iso: string) => formatCalendarDay(iso);
  const describe = (b: Bucket) =>
    b.allowance === 'notIncluded'
      ? t('account.consumption.usedNoPlan', { used: fmt(b.kind, b.used) })
      : b.allowance === null
        ? t('account.consumption.usedUnlimited', { used: fmt(b.kind, b.used) })
        : t('account.consumption.usedOf', { used: fmt(b.kind, b.used), allowance: fmt(b.kind, b.allowance), percent: b.percent ?? 0 });
  return (
    <AccountShell title={t(data.detail ? 'account.consumption.detail' : 'account.consumption.title')} base={data}>
      {data.cycleStart && <p>{t('account.consumption.cycle', { from: day(data.cycleStart) })}</p>}
      {!data.detail && (
        <>
          <ul className="cards">
            {data.totals.map((b) => (
              <li key={b.kind} className="card">
                <h2>{t(`account.consumption.kind.${b.kind}`)}</h2>
                <svg role="img" aria-label={`${t(`account.consumption.kind.${b.kind}`)}: ${describe(b)}`} viewBox="0 0 120 120" width="120" height="120">
                  <circle cx="60" cy="60" r="48" fill="none" stroke="#e3e6ea" strokeWidth="14" />
                  <circle
                    cx="60"
                    cy="60"
                    r="48"
                    fill="none"
                    stroke="#0b5cad"
                    strokeWidth="14"
                    strokeDasharray={`${((b.percent ?? (b.used > 0 ? 100 : 0)) / 100) * 301.6} 301.6`}
                    transform="rotate(-90 60 60)"
                  />
                  <text x="60" y="66" textAnchor="middle" fontSize="18" fill="#1d2330">
                    {b.percent === null ? (b.allowance === null ? '∞' : '—') : `${b.percent} %`}
                  </text>
                </svg>
                <p>{describe(b)}</p>
              </li>
            ))}
          </ul>
          <DataTable
            caption={t('account.consumption.tableCaption')}
            testId="consumption-table"
            columns={[t('account.consumption.col.kind'), t('account.consumption.col.used'), t('account.consumption.col.allowance')]}
          >
            {data.totals.map((b) => (
              <tr key={b.kind}>
                <th scope="row">{t(`account.consumption.kind.${b.kind}`)}</th>
                <td>{fmt(b.kind, b.used)}</td>
                <td>{b.allowance === 'notIncluded' ? t('account.notIncluded') : b.allowance === null ? t('account.unlimited') : fmt(b.kind, b.allowance)}</td>
              </tr>
            ))}
          </DataTable>
          <DailyChart
            rows={data.dataByDay}
            label={t('account.consumption.daily')}
            desc={t('account.consumption.dailyDesc')}
            dayLabel={(iso) => formatCalendarDay(iso, 'axis')}
            amountLabel={(amount) => fmt('data', amount)}
          />
          <p>
            <a href="/personas/mientel/consumo-detalle">{t('account.consumption.seeDetail')}</a>
          </p>
        </>
      )}
      {data.detail && (
        <>
          <form method="get" className="filters" aria-label={t('account.consumption.detail')}>
            <label>
              {t('account.consumption.filter.kind')}
              <select name="kind" defaultValue={data.filter.kind}>
                <option value="">{t('account.bags.mode.all')}</option>
                {(['data', 'voice', 'sms'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`account.consumption.kind.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            {(['from', 'to'] as const).map((name) => (
              <label key={name}>
                {t(`account.consumption.filter.${name}`)}
                <input
                  type="date"
                  name={name}
                  defaultValue={data.filter[name]}
                  aria-invalid={data.errors?.[name] ? true : undefined}
                  aria-describedby={data.errors?.[name] ? `consumption-${name}-error` : undefined}
                />
              </label>
            ))}
            <button type="submit" className="button">
              {t('account.consumption.filter.submit')}
            </button>
          </form>
          {data.errors && (
            <div className="form-error" role="alert" data-testid="consumption-errors">
              <p>{t('pp.error.validation')}</p>
              {(['from', 'to'] as const).map(
                (name) =>
                  data.errors?.[name]?.[0] && (
                    <p key={name} id={`consumption-${name}-error`}>
                      {data.errors[name][0]}
                    </p>
                  ),
              )}
            </div>
          )}
          {data.range && <p data-testid="consumption-range">{t('account.consumption.range', { from: day(data.range.from), to: day(data.range.to) })}</p>}
          {data.rows.length === 0 ? (
            <p>{t('account.consumption.empty')}</p>
          ) : (
            <DataTable
              caption={t('account.consumption.detail')}
              testId="consumption-detail"
              columns={[t('account.consumption.col.day'), t('account.consumption.col.kind'), t('account.consumption.col.amount')]}
            >
              {data.rows.map((r) => (
                <tr key={`${r.day}-${r.kind}`}>
                  <td>{day(r.day)}</td>
                  <td>{t(`account.consumption.kind.${r.kind}`)}</td>
                  <td>{fmt(r.kind, r.amount)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </AccountShell>
  );
}

/** Day labels on the axis at most: more would not fit side by side on a phone. */
const AXIS_LABELS = 6;

/**
 * Data used per day as bars, with the days on an axis below (the market's calendar days, Spanish
 * month names); the numbers are in the detail table, the SVG has a title and description. The axis
 * is HTML under the stretched SVG so its text keeps a readable size at any width; screen readers get
 * the SVG's text alternative instead of a list of loose dates.
 */
function DailyChart({
  rows,
  label,
  desc,
  dayLabel,
  amountLabel,
}: {
  rows: Row[];
  label: string;
  desc: string;
  dayLabel: (iso: string) => string;
  amountLabel: (amount: number) => string;
}) {
  if (!rows.length) return null;
  const max = Math.max(...rows.map((r) => r.amount), 1);
  const w = 10;
  const labelled = new Set(axisLabelIndices(rows.length, AXIS_LABELS));
  return (
    <figure className="daily-chart">
      <svg
        role="img"
        aria-labelledby="daily-title daily-desc"
        viewBox={`0 0 ${rows.length * (w + 2)} 100`}
        width="100%"
        height="120"
        preserveAspectRatio="none"
      >
        <title id="daily-title">{label}</title>
        <desc id="daily-desc">{desc}</desc>
        {rows.map((r, i) => {
          const h = Math.max(1, (r.amount / max) * 96);
          return (
            <rect key={r.day} className="chart-bar" x={i * (w + 2)} y={100 - h} width={w} height={h}>
              <title>{`${dayLabel(r.day)}: ${amountLabel(r.amount)}`}</title>
            </rect>
          );
        })}
      </svg>
      <ol className="chart-axis" aria-hidden="true" data-testid="daily-axis">
        {rows.map((r, i) => (
          <li key={r.day}>{labelled.has(i) && <span>{dayLabel(r.day)}</span>}</li>
        ))}
      </ol>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
