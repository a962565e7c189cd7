import { describe, expect, it } from 'vitest';
import { validate } from '../src/validation.ts';
import { getMarket } from '../src/market.ts';
import {
  billingContactRules,
  billingDeliveryNext,
  carouselWindow,
  isPlanSale,
  lineKindOf,
  pathAfterBilling,
  planEvents,
  planSaleReturnPath,
  planVersion,
  plansPaths,
} from '../src/plans-sale.ts';

describe('planVersion', () => {
  it('reads the _V<digits> suffix, 1 without one', () => {
    expect(planVersion('PO_PLAN_LIBRE_40_V2')).toBe(2);
    expect(planVersion('PO_PLAN_LIBRE_40_V12')).toBe(12);
    expect(planVersion('PO_PLAN_LIBRE_40')).toBe(1);
    expect(planVersion('PO_PLAN_V2_EXTRA')).toBe(1);
  });
});

describe('lineKindOf', () => {
  it('opens a hybrid line for Controlado plans and a postpaid one otherwise', () => {
    expect(lineKindOf('hybridPlans')).toBe('hybrid');
    expect(lineKindOf('postpaidPlans')).toBe('postpaid');
    expect(lineKindOf('blue')).toBe('postpaid');
  });
});

describe('billing delivery routing (SPEC §4)', () => {
  it('sends anonymous Chileans to the cart and signed-in Peruvians to feasibility', () => {
    expect(billingDeliveryNext(getMarket('cl'), false)).toBe('cart');
    expect(billingDeliveryNext(getMarket('pe'), true)).toBe('feasibility');
  });

  it('runs the next step otherwise', () => {
    expect(billingDeliveryNext(getMarket('cl'), true)).toBe('next');
    expect(billingDeliveryNext(getMarket('pe'), false)).toBe('next');
  });

  it('maps the outcome to a page, portability first asking the company of origin', () => {
    expect(pathAfterBilling('cart', false)).toBe('/carrito-compra');
    expect(pathAfterBilling('feasibility', false)).toBe(plansPaths.feasibility);
    expect(pathAfterBilling('next', false)).toBe(plansPaths.cart);
    expect(pathAfterBilling('cart', true)).toBe('/personas/planesV2/compania-origenV2');
    expect(pathAfterBilling('feasibility', true)).toBe('/personas/planesV2/compania-origenV2');
  });
});

describe('isPlanSale', () => {
  it('is a plan sale only when every line is a plan', () => {
    expect(isPlanSale(['plan'])).toBe(true);
    expect(isPlanSale(['plan', 'equipment'])).toBe(false);
    expect(isPlanSale([])).toBe(false);
  });
});

describe('carouselWindow', () => {
  it('shows perView plans and tells whether there are more either side', () => {
    expect(carouselWindow(5, 3, 0)).toEqual({ start: 0, end: 3, canPrevious: false, canNext: true });
    expect(carouselWindow(5, 3, 3)).toEqual({ start: 2, end: 5, canPrevious: true, canNext: false });
  });

  it('keeps the last view full after a resize and never starts below 0', () => {
    expect(carouselWindow(5, 2, 4)).toEqual({ start: 3, end: 5, canPrevious: true, canNext: false });
    expect(carouselWindow(2, 3, 0)).toEqual({ start: 0, end: 2, canPrevious: false, canNext: false });
    expect(carouselWindow(0, 3, 0)).toEqual({ start: 0, end: 0, canPrevious: false, canNext: false });
  });
});

describe('billingContactRules', () => {
  it('needs at least one channel', () => {
    const result = validate(billingContactRules, {});
    expect(result.ok).toBe(false);
    expect(validate(billingContactRules, { billing_email: '', billing_msisdn: '' }).ok).toBe(false);
  });

  it('checks each given channel', () => {
    expect(validate(billingContactRules, { billing_email: 'ana@example.com' }).ok).toBe(true);
    expect(validate(billingContactRules, { billing_msisdn: '912345678' }).ok).toBe(true);
    const bad = validate(billingContactRules, { billing_email: 'ana@', billing_msisdn: '812345678' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors).toMatchObject({ billing_email: ['validation.email'], billing_msisdn: ['validation.phone'] });
  });
});

describe('planEvents', () => {
  const duo = { id: 'multi_PO_PLAN_LIBRE_DUO', name: 'Plan Libre Dúo', group: 'postpaidPlans', price: 41990 };
  const single = { id: 'PO_PLAN_LIBRE_30', name: 'Plan Libre 30 GB', group: 'postpaidPlans', price: 21990 };

  it('counts a multi_ plan as 2 in cart events', () => {
    const event = planEvents.addToCart('cl', 'CLP', duo);
    expect(event).toMatchObject({ event: 'add_to_cart', value: 83980, items: [{ item_id: duo.id, quantity: 2 }] });
    expect(planEvents.addToCart('cl', 'CLP', single)).toMatchObject({ value: 21990, items: [{ quantity: 1 }] });
  });

  it('reports the plan list as checkout step 0 with positions', () => {
    expect(planEvents.viewPlans('pe', '/catalogo/postpago', [single, duo])).toMatchObject({
      event: 'view_item_list',
      checkout_step: 0,
      items: [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 2 },
      ],
    });
  });
});

describe('planSaleReturnPath', () => {
  it("ends a visitor's new line on the plans pages and a customer's additional line on its own request pages", () => {
    expect(planSaleReturnPath(true, 'CL-1', 'x', false)).toBe('/personas/planesV2/success?order=CL-1');
    expect(planSaleReturnPath(true, 'CL-1', 'x', true)).toBe('/personas/planes/lineasadicionales/solicitud/exito?order=CL-1');
    expect(planSaleReturnPath(false, 'CL-1', 'pp.error.payment.rejected', false)).toBe(
      '/personas/planes/solicitud/fallo?error=pp.error.payment.rejected&order=CL-1',
    );
    expect(planSaleReturnPath(false, 'CL-1', 'pp.error.payment.aborted', true)).toBe(
      '/personas/planes/lineasadicionales/error?error=pp.error.payment.aborted&order=CL-1',
    );
  });
});
