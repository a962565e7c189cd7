import { defineRoutes, redirect } from '../route.ts';
import { creditRuleSets } from '@andes/domain/credit';
import { identityRuleSets } from '@andes/domain/identity';
import { migrationInputs } from '@andes/domain/migration';
import { mobileInputs } from '@andes/domain/migration-mobile';
import { activationQuery, customerActiveBody, plansQuery, selectPlanBody } from '@andes/domain/plans-sale';
import { portabilityRuleSets } from '@andes/domain/portability';
import { paymentQuery } from '../inputs/cart.ts';
import { documentBody } from '../inputs/identity.ts';
import { buyOrderParams, mobileRequestParams, phoneParams } from '../inputs/paths.ts';
import { gatewayReturnQuery } from '../inputs/payments.ts';
import { imageBody, lookupQuery } from '../inputs/portability.ts';
import {
  activationAddressBody,
  activationAnswer,
  activationAnswersBody,
  activationChipBody,
  activationCodeBody,
  activationDocument,
  activationDocumentBody,
  activationPortBody,
  activationHolderBody,
  activationIdentity,
  activationPayment,
  activationPaymentBody,
  activationPickBody,
  activationPlanBody,
  activationTopupBody,
  activationQuestions,
  cashNotifyAnswer,
  streetsAnswer,
  streetsQuery,
} from '../inputs/activation.ts';
import {
  creditOutcome,
  customerActive,
  identityOutcome,
  identityQuestions,
  journeyRequirements,
  migrationOffer,
  migrationStatus,
  mobileConfirmed,
  mobileDraft,
  mobileRequest,
  ownershipCheck,
  ownershipConfirmed,
  paymentRedirect,
  planActivation,
  planList,
  planTerms,
  planSelected,
  planSelection,
  portabilityAnswer,
  portabilityCompanies,
  portabilityDocument,
  portabilityPayment,
  profileCreated,
  profiledOffers,
} from '../answers/journeys.ts';

/** The journeys that open or move lines: plans, portability, identity and credit checks, line ownership, the move to a plan, mobile migration. */
export const journeysRoutes = defineRoutes({
  'POST /restpp/subscriber/active/iccid': {
    summary: 'Checks a chip in the SIM inventory and holds it for this browser’s activation (new number or port); the same chip again resumes it.',
    body: activationChipBody,
    response: activationAnswer,
    refusals: [
      'activation.error.iccid',
      'activation.error.chip.unknown',
      'activation.error.chip.active',
      'activation.error.chip.otherMarket',
      'activation.error.chip.lost',
      'activation.error.chip.busy',
      'activation.error.inventory',
    ],
  },
  'GET /restpp/subscriber/active/activation': {
    summary: 'This browser’s chip activation as it stands, to resume it.',
    response: activationAnswer,
    refusals: ['activation.error.none'],
  },
  'POST /restpp/subscriber/active/holder': {
    summary: 'The holder’s personal data; answers the identity bureau’s questions for the document.',
    body: activationHolderBody,
    response: activationQuestions,
    refusals: ['activation.error.none', 'activation.error.state', 'pp.error.identity.no.record', 'pp.error.identity.locked'],
  },
  'POST /restpp/subscriber/active/holder/answers': {
    summary: 'The answers to the identity questions; a passed round validates the activation’s holder.',
    body: activationAnswersBody,
    response: activationIdentity,
    refusals: ['activation.error.none', 'activation.error.holder', 'pp.error.identity.challenge', 'pp.error.identity.locked'],
  },
  'GET /restpp/subscriber/streets': {
    summary: 'Streets of a commune (district) from the street directory whose name contains `q`.',
    querystring: streetsQuery,
    response: streetsAnswer,
  },
  'POST /restpp/subscriber/address': {
    summary: 'The holder’s address (a street of the directory) and its feasibility (coverage), recorded on the activation.',
    body: activationAddressBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.street', 'pp.error.checkout.geo'],
  },
  'POST /restpp/subscriber/active/msisdn': {
    summary: 'Offers five available numbers, each held for this activation for a few minutes.',
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.address', 'numbering.error.none'],
  },
  'PUT /restpp/subscriber/active/msisdn': {
    summary: 'Picks one of the numbers held for this activation.',
    body: activationPickBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.number'],
  },
  'POST /restpp/subscriber/active/port': {
    summary: 'The number to bring, its company of origin (and Peru’s modality): the port request to the registry for this activation.',
    body: activationPortBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.address', 'activation.error.ourLine'],
  },
  'POST /restpp/subscriber/active/documents': {
    summary: 'One photo of the holder’s document (front or back): JPEG, PNG or WebP checked by content; never served back.',
    body: activationDocumentBody,
    response: activationDocument,
    refusals: ['activation.error.none', 'account.error.attachment.type', 'account.error.attachment.size'],
  },
  'POST /restpp/subscriber/active/port/code': {
    summary: 'Texts (again) the security code to the number being ported.',
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.documents', 'pp.error.portability.state'],
  },
  'PUT /restpp/subscriber/active/port/code': {
    summary: 'Checks the security code; the registry then accepts, rejects or keeps the port under review.',
    body: activationCodeBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'pp.error.portability.code'],
  },
  'POST /restpp/subscriber/active/plan': {
    summary: 'Chooses the plan for the chip (plans offered in the activation flow); its first month is the amount to pay.',
    body: activationPlanBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.plan', 'activation.error.numberFirst'],
  },
  'POST /restpp/subscriber/active/topup': {
    summary:
      'A prepaid chip only: an initial top-up (one of the account’s top-up amounts) instead of a plan; it is the amount to pay and the new line’s first balance.',
    body: activationTopupBody,
    response: activationAnswer,
    refusals: ['activation.error.none', 'activation.error.topup', 'activation.error.topup.chip', 'activation.error.numberFirst'],
  },
  'POST /restpp/subscriber/active/payment': {
    summary: 'Pays the first month: at the gateway (the redirect in `url`), or in Peru with a cash code; a repeat answers the first answer.',
    body: activationPaymentBody,
    response: activationPayment,
    refusals: ['activation.error.none', 'activation.error.planFirst'],
  },
  'POST /restpp/subscriber/active/payment/notify': {
    summary: 'The cash-code provider’s signed “paid” notification for an activation (server to server, no page token).',
    response: cashNotifyAnswer,
    refusals: ['pp.error.payment.signature', 'pp.error.payment.token'],
  },
  'GET /restpp/subscriber/active/return': {
    summary: 'The gateway’s return of an activation’s payment; the line opens once, then redirected to the outcome page.',
    querystring: gatewayReturnQuery,
    response: redirect('To the activation’s success page, or back to its payment page.'),
  },
  'GET /restpp/subscriber/plans': {
    summary: 'The plans on sale for a kind of line, with the journey’s chosen one.',
    querystring: plansQuery,
    response: planList,
  },
  'GET /restpp/subscriber/plans/terms': {
    summary: 'The terms text where plans are sold (SPEC §9), its figures from the catalogue.',
    response: planTerms,
  },
  'POST /restpp/order/select/plan': { summary: 'Chooses the journey’s plan.', body: selectPlanBody, response: planSelected },
  'GET /restpp/order/select/plan': { summary: 'The journey’s chosen plan.', response: planSelection },
  'POST /restpp/order/v3/customer/active': {
    summary: 'Checks whether a document belongs to a customer with active lines.',
    body: customerActiveBody,
    response: customerActive,
  },
  'POST /restpp/order/v2/new/customer/profile': { summary: 'Creates the identified buyer’s customer profile.', response: profileCreated },
  'GET /restpp/order/plan/activation': { summary: 'The lines a paid plan order opened.', querystring: activationQuery, response: planActivation },
  'GET /restpp/subscriber/portability/company': { summary: 'The companies a number may come from, and Peru’s modalities.', response: portabilityCompanies },
  'POST /restpp/subscriber/portability/customer': {
    summary: 'Starts a port: the number, the holder’s document and the company of origin.',
    body: portabilityRuleSets.customer,
    response: portabilityAnswer,
  },
  'POST /restpp/subscriber/portability/securityCode': { summary: 'Texts (again) the code to the number being ported.', response: portabilityAnswer },
  'PUT /restpp/subscriber/portability/securityCode': {
    summary: 'Checks the code and asks the registry.',
    body: portabilityRuleSets.securityCode(),
    response: portabilityAnswer,
  },
  'POST /restpp/subscriber/portability/uploadImage': {
    summary: 'Attaches an image of the holder’s document (base64, up to 2 MB).',
    body: imageBody,
    response: portabilityDocument,
  },
  'GET /restpp/subscriber/portability/originalInfo': { summary: 'The cart’s port request as it stands.', response: portabilityAnswer },
  'POST /restpp/subscriber/portability/payment': { summary: 'Pays the order of an accepted port.', body: paymentQuery, response: portabilityPayment },
  'GET /restpp/subscriber/portability/order': {
    summary: 'A port request by its number and phone, from any session.',
    querystring: lookupQuery,
    response: portabilityAnswer,
  },
  'POST /restpp/subscriber/active/questions': {
    summary: 'Opens a round of identity questions for a document.',
    body: documentBody,
    response: identityQuestions,
  },
  'POST /restpp/subscriber/active/answers': { summary: 'Answers the identity questions.', body: identityRuleSets.answers(), response: identityOutcome },
  'POST /restpp/subscriber/active/customer': {
    summary: 'The credit check before financing a phone or adding a line.',
    body: creditRuleSets.check,
    response: creditOutcome,
  },
  'GET /restpp/subscriber/active/requirements': { summary: 'The checks this journey still needs.', response: journeyRequirements },
  'POST /restpp/subscriber/line/ownership': {
    summary: 'Texts a code to a line to prove its holder owns it.',
    body: migrationInputs.ownership,
    response: ownershipCheck,
  },
  'POST /restpp/subscriber/line/ownership/code': { summary: 'Confirms the ownership code.', body: migrationInputs.ownershipCode, response: ownershipConfirmed },
  'GET /restpp/offers/profiled': { summary: 'The plan offers profiled for the signed-in customer’s lines.', response: profiledOffers },
  'GET /restpp/asset/:phoneNumber/migration/plans': { summary: 'The plans a prepaid line may move to.', params: phoneParams, response: migrationOffer },
  'POST /restpp/asset/:phoneNumber/migration': {
    summary: 'Starts the move to a plan (pays at the gateway).',
    params: phoneParams,
    body: migrationInputs.start,
    response: paymentRedirect,
  },
  'GET /restpp/migration/return': {
    summary: 'The gateway’s return of a move to a plan; redirected to its outcome page.',
    querystring: gatewayReturnQuery,
    response: redirect('To the move’s outcome page.'),
  },
  'GET /restpp/asset/:phoneNumber/migration/:buyOrder': { summary: 'The state of a move to a plan.', params: buyOrderParams, response: migrationStatus },
  'POST /restpp/mobile/delivery': { summary: 'Saves the delivery of a line’s new SIM (mobile migration).', body: mobileInputs.delivery, response: mobileDraft },
  'GET /restpp/mobile/request': { summary: 'The mobile migration request being filled.', response: mobileDraft },
  'POST /restpp/mobile/request': {
    summary: 'Confirms the mobile migration request (once per idempotency key).',
    body: mobileInputs.confirm,
    response: mobileConfirmed,
  },
  'GET /restpp/mobile/request/:number': { summary: 'A confirmed mobile migration request.', params: mobileRequestParams, response: mobileRequest },
});
