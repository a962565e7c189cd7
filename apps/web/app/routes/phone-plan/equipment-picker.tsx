import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { constants } from '@andes/domain/market';
import { canContinuePicker, pickerDetailsPath } from '@andes/domain/sale-sequence';
import { saleSequenceEvents } from '@andes/domain/sale-sequence-events';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import '../../features/catalogue/catalogue.css';
import '../../features/phone-plan/phone-plan.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'phonePlan.picker.title');

/** Peru's equipment picker (SPEC §2 screen 8): the equipment of the campaign of the chosen plan. */
export async function loader({ request, context }: LoaderArgs) {
  if (!context.market.equipmentPicker) throw new Response('Not found', { status: 404 });
  const campaignID = new URL(request.url).searchParams.get('campaignID');
  if (!campaignID) throw new Response('Not found', { status: 404 });
  const res = await context.api<'GET /restpp/asset/campaign/product/details'>(
    `/restpp/asset/campaign/product/details?campaignID=${encodeURIComponent(campaignID)}`,
  );
  if (!res.body.success) throw new Response('Not found', { status: res.status === 400 ? 404 : res.status });
  return { campaign: res.body.campaign, items: res.body.items };
}

/** Conditions ticked and an equipment chosen, then on to the equipment's details after 3 seconds (SPEC §4). */
export default function EquipmentPicker() {
  const { campaign, items } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [equipmentId, setEquipmentId] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [going, setGoing] = useState<string | null>(null);
  const ready = canContinuePicker({ conditionsAccepted: accepted, equipmentId });

  useEffect(() => {
    if (!going) return;
    const timer = window.setTimeout(() => navigate(pickerDetailsPath(going, campaign.campaignID)), constants.peruPickerRedirectMs);
    return () => window.clearTimeout(timer);
  }, [going, campaign.campaignID, navigate]);

  function next() {
    if (!ready || !equipmentId) return;
    track(saleSequenceEvents.pickerChosen(market.site, campaign.planID ?? '', equipmentId));
    setGoing(equipmentId);
  }

  const chosen = items.find((i) => i.equipmentID === going);
  return (
    <section className="page">
      <h1>{t('phonePlan.picker.title')}</h1>
      {campaign.planName && <p>{t('phonePlan.picker.plan', { name: campaign.planName })}</p>}
      <p>
        <strong>{campaign.name}</strong> — {campaign.description}
      </p>
      {items.length === 0 ? (
        <p role="alert">{t('phonePlan.picker.empty')}</p>
      ) : (
        <fieldset className="choice-group">
          <legend>{t('phonePlan.picker.legend')}</legend>
          <ul className="picker-grid">
            {items.map((item) => (
              <li key={item.equipmentID}>
                <label className="picker-card">
                  <input
                    type="radio"
                    name="equipment"
                    value={item.equipmentID}
                    checked={equipmentId === item.equipmentID}
                    disabled={!item.inStock || !!going}
                    onChange={() => setEquipmentId(item.equipmentID)}
                  />
                  {item.image && <img src={item.image} alt="" width={120} height={120} />}
                  <span>
                    <strong>{item.displayName}</strong>
                    <small>{t('phonePlan.campaign.price', { price: item.price.formatted })}</small>
                    {item.backCamera && <small>{t('phonePlan.campaign.backCamera', { value: item.backCamera })}</small>}
                    {item.cpu && <small>{t('phonePlan.campaign.cpu', { value: item.cpu })}</small>}
                    {!item.inStock && <small className="stock-out">{t('phonePlan.picker.outOfStock')}</small>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <label className="filter-check">
        <input type="checkbox" name="picker-conditions" checked={accepted} disabled={!!going} onChange={(e) => setAccepted(e.target.checked)} />
        {t('phonePlan.campaign.conditions')}
      </label>
      {!ready && (
        <p id="picker-missing" className="field-hint">
          {t('phonePlan.picker.required')}
        </p>
      )}
      <p role="status" aria-live="polite">
        {chosen ? t('phonePlan.picker.going', { name: chosen.displayName }) : ''}
      </p>
      <button type="button" className="button" disabled={!ready || !!going} aria-describedby={ready ? undefined : 'picker-missing'} onClick={next}>
        {t('phonePlan.continue')}
      </button>
    </section>
  );
}
