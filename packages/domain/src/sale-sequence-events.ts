/**
 * Analytics of the product page's equipment purchase sequence (docs/analytics.md "Phone with a plan"):
 * the journey labels of sale-sequence.ts travel with every step, so the tag manager can tell the flows apart.
 */
import type { AnalyticsEvent } from './analytics.ts';
import type { SiteId } from './market.ts';
import type { SaleFlow, SaleStep } from './sale-sequence.ts';

const flowFields = (flow: SaleFlow) => ({
  journey_kind: flow.journeyKind,
  delivery_flow: flow.deliveryFlow,
  selected_option: flow.selectedOption,
  flow_tag: flow.flowTag,
});

export const saleSequenceEvents = {
  /** 'Solo Equipo' or 'Equipo + plan' was chosen. */
  optionChosen(site: SiteId, flow: SaleFlow): AnalyticsEvent {
    return { event: 'sale_option', site, ...flowFields(flow) };
  },
  /** A step of the sequence is shown (index from 0). */
  step(site: SiteId, flow: SaleFlow, step: SaleStep, index: number): AnalyticsEvent {
    return { event: 'sale_step', site, sale_step: step, sale_step_index: index, ...flowFields(flow) };
  },
  /** The customer cancelled the sequence (option and step reset). */
  cancelled(site: SiteId, flow: SaleFlow, step: SaleStep | null): AnalyticsEvent {
    return { event: 'sale_cancel', site, sale_step: step, ...flowFields(flow) };
  },
  /** Peru's equipment picker: an equipment associated with the plan was chosen. */
  pickerChosen(site: SiteId, planId: string, equipmentId: string): AnalyticsEvent {
    return { event: 'sale_picker_choice', site, plan_id: planId, equipment_id: equipmentId };
  },
  /** Details travel with checkout step 5 (new line with plan) once phone and plan are in the cart. */
  flowFields,
};
