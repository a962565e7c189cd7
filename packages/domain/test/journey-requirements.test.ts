import { describe, expect, it } from 'vitest';
import { deliveryPathFor, financingNext, firstUnmet, journeyNextPage, journeyRequirements, type Approval } from '../src/journey-requirements.ts';

const none = { portabilityHolder: null, financed: false, additionalLine: false, buyer: '18585543-0' };

describe('journeyRequirements', () => {
  it('asks nothing of a visitor contracting a new line', () => {
    expect(journeyRequirements(none)).toEqual([]);
  });

  it("asks a port's holder the identity questions", () => {
    expect(journeyRequirements({ ...none, portabilityHolder: '76086428-5' })).toEqual([{ kind: 'identity', purpose: null, document: '76086428-5' }]);
  });

  it('asks the buyer identity then credit for financing, and financing covers an additional line', () => {
    expect(journeyRequirements({ ...none, financed: true, additionalLine: true })).toEqual([
      { kind: 'identity', purpose: null, document: '18585543-0' },
      { kind: 'credit', purpose: 'financing', document: '18585543-0' },
    ]);
    expect(journeyRequirements({ ...none, additionalLine: true }).map((r) => r.purpose)).toEqual([null, 'additionalLine']);
  });

  it('asks one identity round when the holder is the buyer, none for credit before the buyer is known', () => {
    expect(journeyRequirements({ ...none, portabilityHolder: '18585543-0', additionalLine: true })).toHaveLength(2);
    expect(journeyRequirements({ ...none, financed: true, buyer: null })).toEqual([]);
  });
});

describe('firstUnmet', () => {
  const requirements = journeyRequirements({ ...none, financed: true });
  const passed: Approval = { kind: 'identity', purpose: null, document: '18585543-0', outcome: 'passed' };

  it('sends to the first missing step, identity before financing', () => {
    expect(firstUnmet(requirements, [])).toMatchObject({ key: 'pp.error.identity.required', redirect: '/personas/planesV2/validacion-identidad' });
    expect(firstUnmet(requirements, [passed])).toMatchObject({ key: 'pp.error.credit.required', redirect: '/personas/planesV2/equipo-financiamiento' });
  });

  it('does not count another document or another purpose', () => {
    expect(firstUnmet(requirements, [{ ...passed, document: '9068826-K' }])?.key).toBe('pp.error.identity.required');
    const otherPurpose: Approval = { kind: 'credit', purpose: 'additionalLine', document: '18585543-0', outcome: 'approved' };
    expect(firstUnmet(requirements, [passed, otherPurpose])?.key).toBe('pp.error.credit.required');
  });

  it('keeps a refused credit on rejected-credit, lets an outage try again, and passes an approval', () => {
    const credit = (outcome: string): Approval => ({ kind: 'credit', purpose: 'financing', document: '18585543-0', outcome });
    expect(firstUnmet(requirements, [passed, credit('rejected')])).toMatchObject({
      key: 'rejected-credit',
      redirect: '/personas/equipos/lineas/solicitud/rejected-credit',
    });
    expect(firstUnmet(requirements, [passed, credit('error')])?.key).toBe('pp.error.credit.required');
    expect(firstUnmet(requirements, [passed, credit('approved')])).toBeNull();
  });
});

describe('financingNext and journeyNextPage', () => {
  it('sends an approved financing to equipment-error when the phone is gone', () => {
    expect(financingNext('approved', true)).toBeNull();
    expect(financingNext('approved', false)).toBe('/personas/equipos/lineas/solicitud/equipment-error');
    expect(financingNext('rejected', true)).toBe('/personas/equipos/lineas/solicitud/rejected-credit');
    expect(financingNext('error', true)).toBe('/personas/equipos/lineas/solicitud/generic-error');
  });

  it('continues to billing when the plan is chosen but not in the cart, else to the order', () => {
    expect(journeyNextPage({ unmet: '/x', planInCart: false, planChosen: true })).toBe('/x');
    expect(journeyNextPage({ unmet: null, planInCart: false, planChosen: true })).toBe('/personas/planesV2/recibir-boleta');
    expect(journeyNextPage({ unmet: null, planInCart: true, planChosen: true })).toBeNull();
    expect(deliveryPathFor(true)).toBe('/personas/planesV2/datos-despacho');
    expect(deliveryPathFor(false)).toBe('/personas/flujo-compra/datos-despacho');
  });
});
