import { defineRoutes, redirect } from '../route.ts';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { addBody, areasQuery, cancelBody, orderQuery, paymentOptionsQuery, paymentQuery, quantityBody, recaptchaBody, updateCartQuery } from '../inputs/cart.ts';
import { campaignQuery, catalogueListQuery, catalogueProductsQuery, equipmentParams, insuranceBody, priceValidateBody, productParams } from '../inputs/catalogue.ts';
import { buyerBody, homeDeliveryBody, newAddressDeliveryBody, shippingMethodBody, storePickupBody } from '../inputs/checkout.ts';
import { createBody, searchBody, validateBody } from '../inputs/coverage.ts';
import { cashCodeNotification, fulfilmentNotification } from '../inputs/notifications.ts';
import { cartLineParams, createOrderQuery } from '../inputs/paths.ts';
import { gatewayReturnQuery } from '../inputs/payments.ts';
import { addressAdded, addressList, areaList, buyerInfo, campaignDetails, cartAnswer, cartInfo, cartRead, cartWithNewAddress, cartWithOrder, cartWithShipping, catalogueList, communeSearch, coverageAnswer, equipmentPrices, equipmentRange, geoAddress, insuranceList, insurancesAttached, notified, orderAnswer, orderCancelled, orderList, paymentFlag, paymentOptions, paymentStarted, priceValid, productAnswer, recaptchaVerified, regionList, relatedProducts, renewalLines, pickupStores, storeList, suggestions, vepPrices } from '../answers/shop.ts';
import { userInfoAnswer } from '../inputs/cart.ts';
import { blackListAnswer, blackListQuery } from '../inputs/screening.ts';
import { renoProfileAnswer, renoProfileQuery } from '../inputs/renewal.ts';

/** The shop: catalogue, cart, checkout, order and payment (SPEC §7 "Order and cart", "Equipment and insurance"). */
export const shopRoutes = defineRoutes({
  'GET /restpp/catalogue/products': { summary: 'A catalogue list (kind: the catalogue page), filtered, sorted and paged.', querystring: catalogueProductsQuery, response: catalogueList },
  'GET /lista-productos': { summary: 'The phones catalogue page’s JSON list (with contentType=ppEquipmentList and format=json-rest; otherwise the page).', querystring: catalogueListQuery, response: catalogueList },
  'GET /lista-accesorios': { summary: 'The accessories catalogue page’s JSON list.', querystring: catalogueListQuery, response: catalogueList },
  'GET /lista-seminuevos': { summary: 'The refurbished phones catalogue page’s JSON list.', querystring: catalogueListQuery, response: catalogueList },
  'GET /personas/productoV1/equipos': { summary: 'The V1 phones list page’s JSON list (as /lista-productos).', querystring: catalogueListQuery, response: catalogueList },
  'GET /personas/catalogo/liberados': { summary: 'The unlocked phones catalogue page’s JSON list.', querystring: catalogueListQuery, response: catalogueList },
  'GET /personas/catalogo/accesorios': { summary: 'The accessories catalogue page’s JSON list.', querystring: catalogueListQuery, response: catalogueList },
  'GET /personas/catalogo/renovacion': { summary: 'The renewal catalogue page’s JSON list.', querystring: catalogueListQuery, response: catalogueList },
  'GET /restpp/catalogue/product/:productId': { summary: 'One product with its skus, prices and stock.', params: productParams, response: productAnswer },
  'GET /restpp/catalogue/related/:productId': { summary: 'Products shown beside one.', params: productParams, response: relatedProducts },
  'GET /restpp/equipments/prices/:equipmentId': { summary: 'The prices of each sku of a product.', params: equipmentParams, response: equipmentPrices },
  'GET /restpp/equipments/ranges/:equipmentId': { summary: 'The lowest and highest price of a product.', params: equipmentParams, response: equipmentRange },
  'GET /restpp/equipments/vepprices/:equipmentId': { summary: 'The installment (VEP) prices of a product.', params: equipmentParams, response: vepPrices },
  'POST /restpp/order/v2/priceRange/validate': { summary: 'Checks that the price the page showed is still the sku’s price.', body: priceValidateBody, refusals: ['product.error.price.changed'], response: priceValid },
  'GET /restpp/meta/insurances': { summary: 'The insurances offered with a phone.', response: insuranceList },
  'POST /restpp/order/insurances': { summary: 'Attaches insurances to a phone in the cart, for one of the customer’s lines (header atg_phoneNumber).', body: insuranceBody, response: insurancesAttached },
  'GET /restpp/asset/campaign/product/details': { summary: 'A campaign’s equipment (phone with plan).', querystring: campaignQuery, response: campaignDetails },
  'GET /restpp/stores': { summary: 'The stores, for pickup and the stores page.', response: storeList },
  'GET /restpp/order/shoppingCart': { summary: 'The cart; a stored order-creation failure is answered once.', response: cartRead },
  'POST /restpp/order/shoppingCart': { summary: 'The cart (as GET).', response: cartRead },
  'GET /restpp/update/shoppingCart': { summary: 'The cart, when its id is still the current one.', querystring: updateCartQuery, response: cartAnswer },
  'POST /restpp/order/add': { summary: 'Adds lines (equipment or plan) to the cart: one line, a list, or {items}.', body: addBody, response: cartAnswer },
  'POST /restpp/order/add/campaign': { summary: 'Adds campaign lines (each with campaignID).', body: addBody, response: cartAnswer },
  'POST /restpp/order/cart': { summary: 'Changes a line’s quantity.', body: quantityBody, response: cartAnswer },
  'POST /restpp/order/cart/accept': { summary: 'Accepts the prices the checkout re-check showed.', response: cartAnswer },
  'DELETE /restpp/order/:productOfferingID': { summary: 'Removes a line from the cart.', params: cartLineParams, response: cartAnswer },
  'GET /restpp/order': { summary: 'The cart and its open order.', response: cartWithOrder },
  'GET /restpp/order/v2/info': { summary: 'The cart’s prices, items and re-check issues, with its open order.', response: cartInfo },
  'GET /restpp/order/suggestions': { summary: 'Accessories suggested for the cart.', response: suggestions },
  'GET /restpp/order/geo/regions': { summary: 'The market’s regions.', response: regionList },
  'GET /restpp/order/geo/areas': { summary: 'The areas inside one (provinces or communes).', querystring: areasQuery, response: areaList },
  'GET /restpp/order/customer/info': { summary: 'The buyer: the signed-in customer’s contact, or the guest the cart names.', response: buyerInfo },
  'PUT /restpp/order/customer/info': { summary: 'Changes the signed-in customer’s contact, or names the guest buyer.', body: buyerBody, response: buyerInfo },
  'GET /restpp/order/delivery/address': { summary: 'The delivery addresses the cart may use.', response: addressList },
  'POST /restpp/order/delivery/address': { summary: 'Adds a delivery address.', body: checkoutRuleSets.address, response: addressAdded },
  'POST /restpp/peru/order/delivery/address': { summary: 'Peru: adds a delivery address (as POST /restpp/order/delivery/address).', body: checkoutRuleSets.address, sites: ['pe'], response: addressAdded },
  'POST /restpp/order/valida/geoaddress': { summary: 'Checks that a region, province and commune exist together.', body: checkoutRuleSets.geoAddress(), response: geoAddress },
  'GET /restpp/order/store/location': { summary: 'The stores of a region and commune (headers atg_regionId, atg_communeId).', response: pickupStores },
  'POST /restpp/order/shipping/method': { summary: 'Chooses home delivery or store pickup.', body: shippingMethodBody, response: cartWithShipping },
  'POST /restpp/order/v1/peru/shipping': { summary: 'Peru: chooses the shipping method (as POST /restpp/order/shipping/method).', body: shippingMethodBody, sites: ['pe'], response: cartWithShipping },
  'POST /restpp/order/v2/peru/storePickup': { summary: 'Peru: chooses store pickup.', body: storePickupBody, sites: ['pe'], response: cartWithShipping },
  'POST /restpp/order/v2/peru/edelivery': { summary: 'Peru: chooses home delivery to a saved address.', body: homeDeliveryBody, sites: ['pe'], response: cartWithShipping },
  'POST /restpp/order/v2/peru/delivery': { summary: 'Peru: adds an address and chooses home delivery to it.', body: newAddressDeliveryBody, sites: ['pe'], response: cartWithNewAddress },
  'POST /restpp/coverage/v1/validate': { summary: 'Checks coverage at a saved address or an area.', body: validateBody, response: coverageAnswer },
  'POST /restpp/address/v1/coverage/search': { summary: 'Communes of a region matching a query, with their coverage.', body: searchBody, response: communeSearch },
  'POST /restpp/coverage/v1/create': { summary: 'Records the coverage check of the cart’s delivery address.', body: createBody, response: coverageAnswer },
  'GET /restpp/order/create': { summary: 'Creates the order of the cart (a state change: needs the page token).', querystring: createOrderQuery, response: orderAnswer },
  'GET /restpp/order/payment': { summary: 'Pays the open order: the gateway’s URL, or the order paid with points.', querystring: paymentQuery, response: paymentStarted },
  'GET /restpp/order/payment/po': { summary: 'The payment options of this checkout.', querystring: paymentOptionsQuery, response: paymentOptions },
  'GET /restpp/order/payment/return': { summary: 'The gateway sends the browser back here; redirected to the outcome page.', querystring: gatewayReturnQuery, response: redirect('To the order’s outcome page.') },
  'POST /restpp/order/payment/notify': { summary: 'The cash-code provider’s signed "paid" notification (server to server).', body: cashCodeNotification, response: notified },
  'GET /restpp/order/updateOrderPaymentFlag': { summary: 'Confirms the payment method before paying.', querystring: paymentQuery, response: paymentFlag },
  'GET /restpp/order/status': { summary: 'One of the caller’s orders.', querystring: orderQuery, response: orderAnswer },
  'GET /restpp/order/list': { summary: 'The signed-in customer’s orders.', response: orderList },
  'POST /restpp/order/cancel': { summary: 'Cancels an order not yet shipped (once per idempotency key).', body: cancelBody, response: orderCancelled },
  'POST /restpp/order/verifyRecaptcha': { summary: 'Checks the reCAPTCHA token before paying.', body: recaptchaBody, response: recaptchaVerified },
  'POST /restpp/order/fulfilment/notify': { summary: 'The logistics system’s signed status notification (server to server).', body: fulfilmentNotification, response: notified },
  'GET /restpp/order/v2/userInfo': { summary: 'The signed-in buyer’s contact details and lines, for the cart (SPEC §7 customer user info).', response: userInfoAnswer },
  'GET /restpp/order/v2/black/list/validate': { summary: 'Whether the signed-in buyer’s document is on the fraud or debt list (a listed buyer adds no line and finances nothing).', querystring: blackListQuery, response: blackListAnswer },
  'GET /restpp/order/v1/reno/profile': { summary: 'The renewal profile of one of the customer’s lines.', querystring: renoProfileQuery, response: renoProfileAnswer },
  'GET /restpp/order/renewal/lines': { summary: 'The signed-in customer’s lines that may renew their phone.', response: renewalLines },
});
