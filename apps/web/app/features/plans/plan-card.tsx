import { cardFirstMonthPrice, formatAllowance, socialMediaTiles } from '@andes/domain/plans';
import { promotionIsCardPrice } from '@andes/domain/plan-promotion';
import { useT } from '../../lib/root-data.ts';
import { useMoney } from '../cart/money.ts';
import type { Plan } from './types.ts';

interface Props {
  plan: Plan;
  /** Whether this card is the chosen one (SPEC §4 "Plan selection": only one at a time). */
  selected?: boolean;
  /** Shown as the card's choose button when given (aria-pressed tells the choice). */
  onSelect?: (plan: Plan) => void;
  headingLevel?: 2 | 3;
  /** Extra actions under the card (the landing's detail and contract buttons). */
  children?: React.ReactNode;
  /**
   * The kind of line the journey sells (`activeSimType`): a promotion for other lines only is not the
   * card's price, it is said with the lines it is for. Unknown: only a promotion for every line is.
   */
  lineKind?: string;
}

/** One plan: price and discount, data / minutes / SMS, free social apps (SPEC §3 plan rules). */
export function PlanCard({ plan, selected = false, onSelect, headingLevel = 3, children, lineKind }: Props) {
  const t = useT();
  const money = useMoney();
  const Heading = `h${headingLevel}` as const;
  const kinds = plan.planDiscountLineKinds;
  const covered = promotionIsCardPrice(kinds, lineKind);
  const monthly = cardFirstMonthPrice(plan, lineKind);
  const discounted = monthly < plan.price;
  const otherLines = !covered && plan.commercePrice < plan.price && plan.planDiscountMonths !== null ? kinds?.[0] : undefined;
  const social = socialMediaTiles(plan.socialMedia);
  const headingId = `plan-${plan.id}-name`;
  return (
    <article className={`plan-card${selected ? ' plan-card-selected' : ''}`} aria-labelledby={headingId} data-plan-id={plan.id}>
      {plan.advancedPlan && <p className="plan-badge">{t('plans.card.advanced')}</p>}
      <Heading id={headingId}>{plan.planName}</Heading>
      {plan.promotion && <p className="plan-promotion">{plan.promotion}</p>}
      <p className="plan-price">
        <strong>{t('plans.card.monthly', { price: money(monthly) })}</strong>
        {discounted && <span className="plan-price-before"> {t('plans.card.before', { price: money(plan.price) })}</span>}
      </p>
      {discounted && (
        <p className="plan-discount">
          {/* the description already says the percentage ('50% de descuento por 6 meses…'): said once */}
          <strong>{plan.planDiscountDescription ?? t('plans.card.discount', { percentage: plan.planDiscountPercentage })}</strong>
        </p>
      )}
      {otherLines && (
        <p className="plan-discount" data-testid="plan-promotion-for">
          {t(`plans.card.promotionFor.${otherLines}`, {
            percentage: plan.planDiscountPercentage,
            months: plan.planDiscountMonths ?? 0,
            promo: money(plan.commercePrice),
            price: money(plan.price),
          })}
        </p>
      )}
      <dl className="plan-allowances">
        <div>
          <dt>{t('plans.card.data')}</dt>
          <dd>{formatAllowance('data', plan.data, plan.isBam)}</dd>
        </div>
        <div>
          <dt>{t('plans.card.voice')}</dt>
          <dd>{formatAllowance('voice', plan.voice, plan.isBam)}</dd>
        </div>
        <div>
          <dt>{t('plans.card.sms')}</dt>
          <dd>{formatAllowance('sms', plan.sms, plan.isBam)}</dd>
        </div>
      </dl>
      {social.shown.length > 0 && (
        <div className="plan-social">
          <p>{t('plans.card.social')}</p>
          <ul>
            {social.shown.map((icon) => (
              <li key={icon} className="plan-social-tile">
                {t(`plans.social.${icon}`)}
              </li>
            ))}
            {social.more > 0 && (
              <li className="plan-social-tile plan-social-more">
                <span aria-hidden="true">{t('plans.card.socialMore', { count: social.more })}</span>
                <span className="plans-sr-only">{t('plans.card.socialMoreLabel', { count: social.more })}</span>
              </li>
            )}
          </ul>
        </div>
      )}
      {onSelect && (
        <button type="button" className="button button-wide" aria-pressed={selected} onClick={() => onSelect(plan)}>
          {selected ? t('plans.card.chosen') : t('plans.card.choose', { plan: plan.planName })}
        </button>
      )}
      {children}
    </article>
  );
}
