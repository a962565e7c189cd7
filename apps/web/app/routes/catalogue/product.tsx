import { useEffect, useMemo, useState } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { compareHref } from '@andes/domain/compare';
import { catalogueEvents, type AnalyticsItem } from '@andes/domain/analytics-shop';
import { blueRentalRedirect, insuranceOfferEligible, orderDisplayProperties, PRODUCT_PATHS, productPath } from '@andes/domain/catalogue-product';
import { formatMoney, roundForEvent } from '@andes/domain/money';
import { PICKER_PATHS } from '@andes/domain/sale-sequence';
import { isRenewalVisit, RENEWAL_PATHS, renewalMode } from '@andes/domain/renewal';
import { pageTitle, rootDataOf, type LoaderArgs, useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PriceBlockView } from '../../features/catalogue/price-block.tsx';
import { RelatedCarousel } from '../../features/catalogue/related-carousel.tsx';
import { ADD_TO_CART_FORM, AddToCartPanel, type PlanSale } from '../../features/catalogue/add-to-cart.tsx';
import { addEquipment } from '../../features/catalogue/add-to-cart.server.ts';
import { dispatchIntent, useFormRefusal } from '../../lib/form-action.ts';
import type { CampaignDetails } from '../../features/phone-plan/types.ts';
import type { BlueOption, ProductSku } from '../../features/catalogue/types.ts';
import '../../features/catalogue/catalogue.css';
import '../../features/phone-plan/phone-plan.css';
import { CallbackLink } from '../../features/callback/callback-link.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import { pack, unpack, usePacked } from '../../lib/packed-data.ts';

export const handle = messageGroups('catalogue', 'phonePlan', 'plans');

/**
 * Equipment sale page (SPEC §2, §3 "Equipment product"): the product info is embedded in the server
 * HTML by this loader; the blue-rental path without blue-rental info redirects to the generic path.
 */
export async function loader({ request, params, context }: LoaderArgs) {
  const url = new URL(request.url);
  const id = params.productId ?? '';
  if (url.pathname.startsWith(PICKER_PATHS.details) && !context.market.equipmentPicker) throw new Response('Not found', { status: 404 });
  const res = await context.api<'GET /restpp/catalogue/product/:productId'>(`/restpp/catalogue/product/${encodeURIComponent(id)}`);
  if (res.status === 404 || res.status === 400) throw new Response('Not found', { status: 404 });
  if (!res.body.success) throw new Response('Product unavailable', { status: res.status });
  const product = res.body.product;
  const blueInfo = (product[`${context.market.brand}BlueInfo`] as BlueOption[] | undefined) ?? [];
  const toGeneric = blueRentalRedirect(url.pathname, url.search, blueInfo.length > 0);
  if (toGeneric) throw redirect(toGeneric);
  const onAccessoryPath = url.pathname.startsWith(PRODUCT_PATHS.accessory);
  if (onAccessoryPath !== (product.kind === 'accessory')) throw redirect(`${productPath(product.kind, product.poID)}${url.search}`);

  const poID = encodeURIComponent(product.poID);
  const [profile, related, prices, range, vep] = await Promise.all([
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/catalogue/related/:productId'>(`/restpp/catalogue/related/${poID}`),
    // SPEC §7 price calls: today's price of every sku, the range across them, the Blue installment offers
    context.api<'GET /restpp/equipments/prices/:equipmentId'>(`/restpp/equipments/prices/${poID}`),
    context.api<'GET /restpp/equipments/ranges/:equipmentId'>(`/restpp/equipments/ranges/${poID}`),
    blueInfo.length ? context.api<'GET /restpp/equipments/vepprices/:equipmentId'>(`/restpp/equipments/vepprices/${poID}`) : null,
  ]);
  const today = new Map((prices.body.success ? prices.body.prices : []).map((p) => [p.skuId, p]));
  const skus = product.skus.map((s) => {
    const p = today.get(s.id);
    return p
      ? {
          ...s,
          listPrice: p.listPrice,
          referencePrice: p.referencePrice,
          prices: p.prices,
          priceContadoRN: p.renewalPrices ? p.priceContadoRN : null,
          renewalPrices: p.renewalPrices,
        }
      : s;
  });
  const blueOptions: BlueOption[] = vep?.body.success
    ? vep.body.vepPrices.map((v) => ({
        planID: v.planID,
        planName: v.planName,
        quotasValue: v.quotasValue,
        initialQuota: v.initialQuota.amount,
        quotas: v.quotas.amount,
        equipmentValue: v.equipmentValue.amount,
      }))
    : blueInfo;
  const priceRange = range.body.success && range.body.range.min.amount !== range.body.range.max.amount ? range.body.range : null;
  const me = profile.body.profile;
  const withPlan = product.kind !== 'accessory';
  const offerInsurance = withPlan && insuranceOfferEligible(me?.securityStatus, context.market);
  // a phone sold with a plan offers insurance to everyone (SPEC §6 limits only equipment-only purchases)
  const [catalogue, campaign] = await Promise.all([
    withPlan ? context.api<'GET /restpp/meta/insurances'>('/restpp/meta/insurances') : null,
    withPlan ? campaignOf(context, url.searchParams.get('campaignID'), product.poID) : null,
  ]);
  const insurances = catalogue?.body.insurances ?? [];
  const signedIn = me?.securityStatus === 4;
  // from the renewal catalogue: a customer renews at the renewal price; a visitor is asked to sign in first
  const renewal = renewalMode({ requested: isRenewalVisit(url.searchParams), productRenewal: product.renewal, signedIn });
  // which of the customer's lines renews, and why the others cannot (the server refuses them too)
  const renewalLines = renewal === 'renewal' ? await context.api<'GET /restpp/order/renewal/lines'>('/restpp/order/renewal/lines') : null;
  const planSale: PlanSale | null = withPlan
    ? {
        pageType: product.pageType,
        name: product.displayName,
        productId: product.poID,
        signedIn,
        options: blueOptions,
        insurances,
        planPhoneNumber: signedIn ? (me?.phoneNumber ?? null) : null,
        campaign,
      }
    : null;
  return {
    page: pack({
      product: { ...product, skus },
      blueInfo: blueOptions,
      priceRange,
      blueRental: url.pathname.startsWith(PRODUCT_PATHS.blueRental),
      related: related.body.products ?? [],
      insurances: offerInsurance ? insurances : [],
      phoneNumber: offerInsurance ? (me?.phoneNumber ?? null) : null,
      planSale,
      renewal: renewal === 'renewal',
      renewalLines: renewalLines?.body.success ? { lines: renewalLines.body.lines, defaultPhoneNumber: renewalLines.body.defaultPhoneNumber } : null,
      renewalSignIn: renewal === 'signIn' ? `${context.market.loginPath}?successurl=${encodeURIComponent(url.pathname + url.search)}` : null,
    }),
  };
}

/** The running campaign named in the address, when it holds this product (its carousel joins the sequence). */
async function campaignOf(context: LoaderArgs['context'], campaignID: string | null, productId: string): Promise<CampaignDetails | null> {
  if (!campaignID) return null;
  const res = await context.api<'GET /restpp/asset/campaign/product/details'>(
    `/restpp/asset/campaign/product/details?campaignID=${encodeURIComponent(campaignID)}`,
  );
  if (!res.body.success) return null;
  const { campaign, items } = res.body;
  return items.some((i) => i.equipmentID === productId) ? { campaign, items } : null;
}

/** POST: the page's forms without JavaScript ('Solo Equipo' → 'Añadir al carro'). */
export async function action({ request, params, context }: LoaderArgs) {
  return dispatchIntent(request, { add: (fields) => addEquipment(context, params.productId ?? '', fields) });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const root = rootDataOf(matches.find((m) => m?.id === 'root')?.data);
  if (!data) return pageTitle(matches, 'shell.notFound.title');
  const { product } = unpack(data.page);
  return [{ title: `${product.displayName} | ${root?.market.brandName ?? ''}` }, { name: 'description', content: product.description }];
};

export default function ProductPage() {
  const { product, blueInfo, blueRental, related, insurances, phoneNumber, planSale, priceRange, renewal, renewalLines, renewalSignIn } = usePacked(
    useLoaderData<typeof loader>().page,
  );
  const t = useT();
  const market = useMarket();
  const initial = product.skus.find((s) => s.id === product.defaultSkuId) ?? product.skus[0];
  // a refused post without JavaScript comes back with the colour and storage the customer chose
  const chosen = useFormRefusal()?.fields;
  const [colour, setColour] = useState(chosen?.colour ?? initial.color);
  const [storage, setStorage] = useState(chosen?.storage ?? initial.storage);
  const [imageIndex, setImageIndex] = useState(0);
  const sku = useMemo(
    () => product.skus.find((s) => s.color === colour && s.storage === storage) ?? product.skus.find((s) => s.color === colour) ?? initial,
    [product.skus, colour, storage, initial],
  );
  const properties = orderDisplayProperties(product.displayProperties);
  const image = sku.images[imageIndex] ?? sku.images[0];
  // a renewal visit shows (and sells 'Solo Equipo' at) the renewal cash price
  const shownPrice = (s: ProductSku) => (renewal && s.priceContadoRN !== null ? s.priceContadoRN : s.listPrice);

  const item: AnalyticsItem = {
    item_id: sku.id,
    item_name: product.displayName,
    item_brand: product.brand,
    item_category: product.category,
    price: roundForEvent(shownPrice(sku), market.currency),
  };
  useEffect(() => {
    const lead = product.skus.find((s) => s.id === product.defaultSkuId) ?? product.skus[0];
    track(
      catalogueEvents.viewItem(market.site, market.currency, {
        item_id: lead.id,
        item_name: product.displayName,
        item_brand: product.brand,
        item_category: product.category,
        price: roundForEvent(renewal && lead.priceContadoRN !== null ? lead.priceContadoRN : lead.listPrice, market.currency),
        quantity: 1,
      }),
    );
  }, [product, market.site, market.currency, renewal]);

  const lowestBlue = [...blueInfo].sort((a, b) => a.quotas - b.quotas)[0];
  const money = (minor: number) => formatMoney(minor, market.currency);

  return (
    <>
      <nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol>
          <li>
            {renewal ? (
              <a href={RENEWAL_PATHS.phones}>{t('catalogue.renewal.title')}</a>
            ) : (
              <a href={product.kind === 'accessory' ? '/lista-accesorios' : product.kind === 'refurbished' ? '/lista-seminuevos' : '/lista-productos'}>
                {t(
                  product.kind === 'accessory'
                    ? 'catalogue.accessories.title'
                    : product.kind === 'refurbished'
                      ? 'catalogue.refurbished.title'
                      : 'catalogue.phones.title',
                )}
              </a>
            )}
          </li>
          <li aria-current="page">{product.displayName}</li>
        </ol>
      </nav>
      <div className="product-page page">
        <section aria-label={t('product.gallery.label', { name: product.displayName })}>
          <img
            className="gallery-main"
            src={image}
            alt={t('product.gallery.imageAlt', { name: product.displayName, colour: sku.color, n: imageIndex + 1 })}
            width={420}
            height={420}
          />
          {sku.images.length > 1 && (
            <div className="gallery-thumbs">
              {sku.images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-pressed={i === imageIndex}
                  aria-label={t('product.gallery.thumb', { n: i + 1, name: product.displayName })}
                  onClick={() => setImageIndex(i)}
                >
                  <img src={src} alt="" width={64} height={64} />
                </button>
              ))}
            </div>
          )}
        </section>
        <section>
          <p className="product-brand">{product.brand}</p>
          <h1>{product.displayName}</h1>
          <PriceBlockView prices={renewal && sku.renewalPrices ? sku.renewalPrices : sku.prices} large />
          {renewal && sku.renewalPrices && (
            <p className="field-hint" data-testid="renewal-price">
              {t('renewal.price', { price: sku.prices.price.formatted })}
            </p>
          )}
          {renewalSignIn && (
            <p className="blue-box" data-testid="renewal-sign-in">
              {t('renewal.signIn')} <a href={renewalSignIn}>{t('renewal.signInLink')}</a>
            </p>
          )}
          {priceRange && <p className="price-range">{t('product.priceRange', { min: priceRange.min.formatted, max: priceRange.max.formatted })}</p>}
          <p className={sku.inStock ? 'stock-in' : 'stock-out'} data-testid="stock-state">
            {t(sku.inStock ? 'product.inStock' : 'product.outOfStock')}
          </p>
          <CallbackLink source="product" context={product.poID} about={product.displayName} />

          {properties.map((property) =>
            property.name === 'color' ? (
              <fieldset key="color" className="choice-group">
                <legend>{t('product.colourSelected', { colour })}</legend>
                <div className="swatches">
                  {property.values.map((v) => (
                    <label key={v.value} className="swatch" title={v.value}>
                      <input
                        type="radio"
                        name="colour"
                        form={ADD_TO_CART_FORM}
                        value={v.value}
                        checked={colour === v.value}
                        onChange={() => {
                          setColour(v.value);
                          setImageIndex(0);
                        }}
                      />
                      <span className="swatch-dot" style={{ background: v.hex ?? undefined }} aria-hidden="true" />
                      <span className="visually-hidden">{v.value}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <fieldset key={property.name} className="choice-group">
                <legend>{t('product.storage')}</legend>
                <div className="options-row">
                  {property.values.map((v) => (
                    <label key={v.value} className="pill">
                      <input
                        type="radio"
                        name="storage"
                        form={ADD_TO_CART_FORM}
                        value={v.value}
                        checked={storage === v.value}
                        onChange={() => setStorage(v.value)}
                      />
                      {v.value}
                    </label>
                  ))}
                </div>
              </fieldset>
            ),
          )}

          {lowestBlue && (
            <div className="blue-box">
              <h2>{t('product.blue.title', { quota: money(lowestBlue.quotas) })}</h2>
              <p>{t('product.blue.body')}</p>
              {blueRental ? (
                <ul>
                  {blueInfo
                    .filter((b) => b.quotasValue === lowestBlue.quotasValue)
                    .map((b) => (
                      <li key={`${b.planID}-${b.quotasValue}`}>
                        {t('product.blue.option', { plan: b.planName, initial: money(b.initialQuota), count: b.quotasValue, quota: money(b.quotas) })}
                      </li>
                    ))}
                </ul>
              ) : (
                <a href={`${PRODUCT_PATHS.blueRental}${encodeURIComponent(product.poID)}`}>{t('product.blue.link')}</a>
              )}
            </div>
          )}

          <AddToCartPanel
            sku={sku}
            item={item}
            insurances={insurances}
            phoneNumber={phoneNumber}
            planSale={planSale}
            renewal={renewal}
            renewalLines={renewalLines}
          />
        </section>
      </div>
      <section className="page" aria-labelledby="specs-title">
        <h2 id="specs-title">{t('product.specs')}</h2>
        <p>{product.description}</p>
        <dl className="specs">
          {Object.entries(product.specs).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {product.kind !== 'accessory' && (
          <p>
            <a href={compareHref([product.poID])}>{t('compare.link')}</a>
          </p>
        )}
      </section>
      <RelatedCarousel products={related} />
    </>
  );
}
