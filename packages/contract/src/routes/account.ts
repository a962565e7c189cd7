import { defineRoutes, file, redirect } from '../route.ts';
import { bonusRedemptionInput } from '@andes/domain/account-benefits';
import { accountInputs, billPaymentInput, topupInput } from '@andes/domain/account-inputs';
import { preferencesInput } from '@andes/domain/account-preferences';
import { requestInput } from '@andes/domain/account-requests';
import { ticketBody } from '../inputs/checkout.ts';
import { deskNotification } from '../inputs/notifications.ts';
import { bagModeQuery, bagParams, billParams, buyOrderParams, notificationParams, paymentParams, phoneParams, requestParams, ticketNumberParams, ticketParams } from '../inputs/paths.ts';
import { gatewayReturnQuery } from '../inputs/payments.ts';
import { assetList, assetOne, bagBought, bagCancelled, bagOffers, bills, bonusRedeemed, bonuses, consumption, deskNotified, discounts, equipmentList, frequentNumbers, lineBags, lineBalance, linePlan, lineSelected, lukasDone, notificationRead, notifications, paymentOne, payments, points, preferences, redemptions, requestList, requestOne, ticketByNumber, ticketCreated, ticketList, ticketOne, topupAmounts, topupStatus, transferDone, transferLimits } from '../answers/account.ts';
import { paymentRedirect } from '../answers/journeys.ts';
import {
  blockBody,
  blockOptionsResponse,
  blockResponse,
  simActivateBody,
  simChangeBody,
  simChangeResponse,
  simStatusResponse,
  stepUpConfirmBody,
  stepUpConfirmResponse,
  stepUpStartBody,
  stepUpStartResponse,
  unblockBody,
  unblockResponse,
} from '../inputs/device.ts';

/** The self-service account of a signed-in customer (Mi Entel): lines, balance, bags, points, bills, top-ups, requests, tickets, notifications. */
export const accountRoutes = defineRoutes({
  'GET /restpp/assets': { summary: 'The signed-in customer’s lines.', response: assetList },
  'GET /restpp/assets/:phoneNumber': { summary: 'One of the customer’s lines.', params: phoneParams, response: assetOne },
  'POST /restpp/assets/:phoneNumber/select': { summary: 'Chooses the line the account pages show.', params: phoneParams, response: lineSelected },
  'GET /REST/asset/:phoneNumber/balance': { summary: 'A line’s balance.', params: phoneParams, response: lineBalance },
  'GET /REST/asset/:phoneNumber/balance/transfer': { summary: 'The limits of a balance transfer and the points rate.', params: phoneParams, response: transferLimits },
  'POST /REST/asset/:phoneNumber/balance/transfer': { summary: 'Transfers balance to another line.', params: phoneParams, body: accountInputs.transfer, response: transferDone },
  'POST /REST/asset/:phoneNumber/balance/lukas': { summary: 'Turns points into balance.', params: phoneParams, body: accountInputs.lukas, response: lukasDone },
  'GET /REST/asset/:phoneNumber/plan': { summary: 'A line’s plan.', params: phoneParams, response: linePlan },
  'GET /REST/asset/:phoneNumber/consumption': { summary: 'A line’s consumption in a range.', params: phoneParams, querystring: accountInputs.consumptionFilter, response: consumption },
  'GET /REST/asset/:phoneNumber/frequencyNumber': { summary: 'A line’s frequent numbers.', params: phoneParams, response: frequentNumbers },
  'POST /REST/asset/:phoneNumber/frequencyNumber': { summary: 'Adds a frequent number.', params: phoneParams, body: accountInputs.frequentCreate, response: frequentNumbers },
  'PUT /REST/asset/:phoneNumber/frequencyNumber': { summary: 'Replaces a frequent number.', params: phoneParams, body: accountInputs.frequentUpdate, response: frequentNumbers },
  'GET /REST/asset/:phoneNumber/equipment': { summary: 'The phones bought for a line, with their installments.', params: phoneParams, response: equipmentList },
  'GET /restpp/asset/bags/offers': { summary: 'The bags on sale (mode: immediate, recurring or traveller).', querystring: bagModeQuery, response: bagOffers },
  'GET /REST/asset/:phoneNumber/bag': { summary: 'A line’s bags.', params: phoneParams, response: lineBags },
  'POST /REST/asset/:phoneNumber/bag': { summary: 'Buys a bag (with balance, or at the gateway).', params: phoneParams, body: accountInputs.bagPurchase, response: bagBought },
  'DELETE /REST/asset/:phoneNumber/bag/:bagId': { summary: 'Stops a recurring bag.', params: bagParams, response: bagCancelled },
  'GET /restpp/asset/:phoneNumber/points': { summary: 'A line’s points and their history.', params: phoneParams, response: points },
  'GET /restpp/asset/:phoneNumber/benefits/redemptions': { summary: 'A line’s redeemed benefits.', params: phoneParams, response: redemptions },
  'GET /restpp/asset/benefits/discounts': { summary: 'The partner discounts.', response: discounts },
  'GET /restpp/asset/:phoneNumber/bonuses': { summary: 'The bonuses on offer and the line’s own.', params: phoneParams, response: bonuses },
  'POST /restpp/asset/:phoneNumber/bonuses': { summary: 'Redeems a bonus with points.', params: phoneParams, body: bonusRedemptionInput, response: bonusRedeemed },
  'GET /restpp/asset/:phoneNumber/bills': { summary: 'A line’s bills and the next one.', params: phoneParams, response: bills },
  'GET /restpp/asset/:phoneNumber/bills/:billId/pdf': { summary: 'A bill as PDF.', params: billParams, response: file('The bill.', 'application/pdf') },
  'POST /restpp/asset/:phoneNumber/bills/:billId/pay': { summary: 'Pays a bill at the gateway.', params: billParams, body: billPaymentInput, response: paymentRedirect },
  'GET /restpp/asset/:phoneNumber/payments': { summary: 'A line’s payments.', params: phoneParams, response: payments },
  'GET /restpp/asset/:phoneNumber/payments/:paymentId': { summary: 'One payment.', params: paymentParams, response: paymentOne },
  'GET /restpp/asset/:phoneNumber/topups': { summary: 'The top-up amounts.', params: phoneParams, response: topupAmounts },
  'POST /restpp/asset/:phoneNumber/topups': { summary: 'Starts a top-up at the gateway.', params: phoneParams, body: topupInput, response: paymentRedirect },
  'GET /restpp/asset/topups/return': { summary: 'The gateway’s return of a top-up, bill or bag payment; redirected to its page.', querystring: gatewayReturnQuery, response: redirect('To the top-up, bill or bag page with the outcome.') },
  'GET /restpp/asset/:phoneNumber/topups/:buyOrder': { summary: 'The state of a gateway payment of a line.', params: buyOrderParams, response: topupStatus },
  'GET /restpp/asset/:phoneNumber/requests': { summary: 'A line’s service requests.', params: phoneParams, response: requestList },
  'POST /restpp/asset/:phoneNumber/requests': { summary: 'Files a service request.', params: phoneParams, body: requestInput, response: requestOne },
  'POST /restpp/asset/:phoneNumber/requests/:id/withdraw': { summary: 'Withdraws a service request.', params: requestParams, response: requestOne },
  'GET /restpp/asset/:phoneNumber/tickets': { summary: 'A line’s support tickets.', params: phoneParams, response: ticketList },
  'POST /restpp/asset/:phoneNumber/tickets': { summary: 'Opens a support ticket (with an optional image, up to 2 MB).', params: phoneParams, body: ticketBody, response: ticketCreated },
  'GET /restpp/asset/:phoneNumber/tickets/:ticketId': { summary: 'One ticket.', params: ticketParams, response: ticketOne },
  'POST /restpp/asset/:phoneNumber/tickets/:ticketId/cancel': { summary: 'Cancels a ticket.', params: ticketParams, response: ticketOne },
  'GET /restpp/asset/tickets/:number': { summary: 'One of the customer’s tickets by its number.', params: ticketNumberParams, response: ticketByNumber },
  'POST /restpp/tickets/desk/notify': { summary: 'The ticket desk’s signed status notification (server to server).', body: deskNotification, response: deskNotified },
  'GET /REST/asset/:phoneNumber/equipment/block': { summary: 'A line’s blocks and the reasons and kinds a customer may choose.', params: phoneParams, response: blockOptionsResponse },
  'POST /REST/asset/:phoneNumber/equipment/block': { summary: 'Blocks the line’s SIM, phone (IMEI) or both after a theft or loss.', params: phoneParams, body: blockBody, response: blockResponse },
  'POST /REST/asset/:phoneNumber/equipment/unblock': { summary: 'Lifts the line’s blocks, with a verified step-up.', params: phoneParams, body: unblockBody, response: unblockResponse },
  'POST /REST/asset/:phoneNumber/validate/code': { summary: 'Starts a step-up: a code to the customer’s e-mail, then identity questions or the report.', params: phoneParams, body: stepUpStartBody, response: stepUpStartResponse },
  'POST /REST/asset/:phoneNumber/validate': { summary: 'Checks a step-up’s code and second factor.', params: phoneParams, body: stepUpConfirmBody, response: stepUpConfirmResponse },
  'GET /REST/asset/:phoneNumber/sim': { summary: 'A line’s SIM, its pending change and its changes.', params: phoneParams, response: simStatusResponse },
  'POST /REST/asset/:phoneNumber/sim/change': { summary: 'Asks a new SIM (eSIM, delivery or pickup), with a verified step-up.', params: phoneParams, body: simChangeBody, response: simChangeResponse },
  'POST /REST/asset/:phoneNumber/sim/activate': { summary: 'Activates the new SIM by its ICCID; the old one stops.', params: phoneParams, body: simActivateBody, response: simChangeResponse },
  'GET /restpp/asset/notifications': { summary: 'The signed-in customer’s notifications.', response: notifications },
  'POST /restpp/asset/notifications/:id/read': { summary: 'Marks a notification read.', params: notificationParams, response: notificationRead },
  'GET /restpp/asset/notifications/preferences': { summary: 'The notification channels chosen per kind.', response: preferences },
  'PUT /restpp/asset/notifications/preferences': { summary: 'Changes the notification channels.', body: preferencesInput, response: preferences },
});
