import { useState } from 'react';
import { catalogueEvents, type AnalyticsItem } from '@andes/domain/analytics';
import { canAddQuantity, decrementQuantity, incrementQuantity } from '@andes/domain/quantities';
import { constants } from '@andes/domain/market';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request, type ApiBody } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui, type ErrorItem } from '../../lib/ui-events.ts';
import { ErrorList, Modal } from '../../ui/overlays.tsx';
import { InsuranceOffer } from './insurance-offer.tsx';
import { postLines } from './post-lines.ts';
import type { Insurance, ProductSku } from './types.ts';

type SaleOption = 'single' | 'withPlan';

export const CART_PATH = '/carrito-compra';

function errorItems(body: ApiBody | null, fallback: string): ErrorItem[] {
  const list = body?.response?.systemMessage ?? [];
  if (!list.length) return [{ key: 'pp.error.generic', message: fallback }];
  return list.map((m) => ({ key: m.exceptionKey, message: m.messages[0] ?? m.exceptionKey, detail: m.messages.slice(1).join(' ') || undefined }));
}

/**
 * 'Solo Equipo' / 'Equipo + plan' (SPEC §4): the single option opens the quantity panel (starts at 1,
 * never below 1) and 'Añadir al carro' adds the sku (with the chosen insurances) and goes to the cart;
 * a refused add shows the add-to-cart error modal with the server's message.
 */
export function AddToCartPanel({ sku, item, insurances: offered, phoneNumber }: { sku: ProductSku; item: AnalyticsItem; insurances: Insurance[]; phoneNumber: string | null }) {
  const t = useT();
  const market = useMarket();
  const [option, setOption] = useState<SaleOption | null>(null);
  const [quantity, setQuantity] = useState<number>(constants.quantityDefault);
  const [insurances, setInsurances] = useState<Insurance[]>(offered);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[] | null>(null);
  const canAdd = sku.inStock && canAddQuantity(quantity) && !busy;

  function fail(body: ApiBody | null) {
    setErrors(errorItems(body, t('pp.error.generic')));
    setBusy(false);
    ui.loading(false);
  }

  async function add() {
    if (!canAdd) return;
    setBusy(true);
    ui.loading(true, t('product.adding'));
    const chosen = insurances.filter((i) => i.checked).map((i) => i.id);
    if (chosen.length && phoneNumber) {
      const saved = await request({
        url: '/restpp/order/insurances',
        method: 'POST',
        contentType: 'json',
        headers: { atg_phoneNumber: phoneNumber },
        data: { insurances: chosen, skuId: sku.id },
        failurePopup: 'false',
      });
      if (!saved?.success) return fail(saved);
    }
    const line = { type: 'equipment', id: sku.id, quantity, ...(chosen.length ? { insurances: chosen } : {}) };
    const added = await postLines(market.site, '/restpp/order/add', [line]);
    if (!added?.success) return fail(added);
    track(catalogueEvents.addToCart(market.site, market.currency, { ...item, item_id: sku.id, quantity }));
    window.location.assign(CART_PATH);
  }

  return (
    <div>
      <fieldset className="choice-group">
        <legend>{t('product.options.legend')}</legend>
        <div className="options-row">
          <label className="pill">
            <input type="radio" name="sale-option" value="single" checked={option === 'single'} onChange={() => setOption('single')} />
            {t('product.options.single')}
          </label>
          <label className="pill">
            <input type="radio" name="sale-option" value="withPlan" checked={option === 'withPlan'} onChange={() => setOption('withPlan')} />
            {t('product.options.withPlan')}
          </label>
        </div>
      </fieldset>

      {option === 'withPlan' && (
        <div className="blue-box" role="status">
          <p>{t('product.withPlan.body')}</p>
          <a className="button button-ghost" href="/personas/catalogo/postpago">
            {t('product.withPlan.link')}
          </a>
        </div>
      )}

      {option === 'single' && (
        <section aria-label={t('product.options.single')}>
          {insurances.length > 0 && <InsuranceOffer insurances={insurances} onChange={setInsurances} />}
          <p id="quantity-label" className="filter-label">
            <strong>{t('product.quantity')}</strong>
          </p>
          <div className="stepper" role="group" aria-labelledby="quantity-label">
            <button type="button" aria-label={t('product.quantity.less')} onClick={() => setQuantity((q) => decrementQuantity(q))}>
              −
            </button>
            <output aria-live="polite" data-testid="quantity">
              {quantity}
            </output>
            <button type="button" aria-label={t('product.quantity.more')} onClick={() => setQuantity((q) => incrementQuantity(q))}>
              +
            </button>
          </div>
          <button type="button" className="button button-wide" disabled={!canAdd} onClick={add}>
            {t('product.addToCart')}
          </button>
        </section>
      )}

      {errors && (
        <Modal title={t('product.addError.title')} onClose={() => setErrors(null)}>
          <ErrorList items={errors} />
          <button type="button" className="button" autoFocus onClick={() => setErrors(null)}>
            {t('shell.close')}
          </button>
        </Modal>
      )}
    </div>
  );
}
