import { constants } from '@andes/domain/market';
import { pickerPath } from '@andes/domain/sale-sequence';
import { useMarket, useT } from '../../lib/root-data.ts';
import { Slides } from './slides.tsx';
import type { CampaignDetails } from './types.ts';

/**
 * "Equipo seleccionado" (SPEC §2 screen 4): the campaign's equipment, starting at the customer's phone,
 * advancing every 7000 ms (SPEC §9) with a pause control; 'Acepto las condiciones comerciales' is required.
 */
export function CampaignCarousel({
  details,
  selectedId,
  accepted,
  onAccepted,
}: {
  details: CampaignDetails;
  selectedId: string;
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
}) {
  const t = useT();
  const market = useMarket();
  const start = Math.max(
    0,
    details.items.findIndex((i) => i.equipmentID === selectedId),
  );
  return (
    <div className="campaign-box">
      <h3>{t('phonePlan.campaign.title')}</h3>
      <p>
        <strong>{details.campaign.name}</strong> — {details.campaign.description}
      </p>
      <Slides
        label={t('phonePlan.campaign.label', { name: details.campaign.name })}
        keys={{
          previous: 'phonePlan.campaign.previous',
          next: 'phonePlan.campaign.next',
          slide: 'phonePlan.campaign.item',
          pause: 'phonePlan.campaign.pause',
          play: 'phonePlan.campaign.play',
        }}
        start={start}
        autoplayMs={constants.campaignCarouselAutoplayMs}
        testId="campaign-carousel"
        slides={details.items.map((item) => (
          <div key={item.equipmentID} className="campaign-item">
            {item.image && <img src={item.image} alt="" width={120} height={120} />}
            <div>
              <h4>
                {item.displayName}
                {item.equipmentID === selectedId && <span className="badge"> {t('phonePlan.campaign.selected')}</span>}
              </h4>
              <p>{t('phonePlan.campaign.price', { price: item.price.formatted })}</p>
              <ul>
                {item.backCamera && <li>{t('phonePlan.campaign.backCamera', { value: item.backCamera })}</li>}
                {item.frontCamera && <li>{t('phonePlan.campaign.frontCamera', { value: item.frontCamera })}</li>}
                {item.cpu && <li>{t('phonePlan.campaign.cpu', { value: item.cpu })}</li>}
              </ul>
            </div>
          </div>
        ))}
      />
      {market.equipmentPicker && (
        <p>
          <a href={pickerPath(details.campaign.campaignID)}>{t('phonePlan.picker.link')}</a>
        </p>
      )}
      <label className="filter-check">
        <input
          type="checkbox"
          name="campaign-conditions"
          checked={accepted}
          onChange={(e) => onAccepted(e.target.checked)}
          aria-describedby={accepted ? undefined : 'campaign-conditions-hint'}
        />
        {t('phonePlan.campaign.conditions')}
      </label>
      {!accepted && (
        <p id="campaign-conditions-hint" className="field-hint">
          {t('phonePlan.campaign.conditionsRequired')}
        </p>
      )}
    </div>
  );
}
