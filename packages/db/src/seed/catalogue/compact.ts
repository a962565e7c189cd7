import type { ColourDef, ProductDef, VariantDef } from './types.ts';
import { phoneSpecs } from './types.ts';

/** 'Negro:#1b1b1b|Lavanda:#b7a8d1' → colours. */
export function colours(text: string): ColourDef[] {
  return text.split('|').map((c) => {
    const [name, hex] = c.split(':');
    return { name, hex };
  });
}

/** '128 GB:399990|256 GB:449990' → variants (CLP prices); a bare price means no storage. */
export function variants(text: string): VariantDef[] {
  return text.split('|').map((v) => {
    const [a, b] = v.split(':');
    return b === undefined ? { storage: null, clp: Number(a) } : { storage: a, clp: Number(b) };
  });
}

export interface PhoneInput {
  brand: string;
  model: string;
  displayName?: string;
  /** pantalla, cámara trasera, cámara frontal, procesador, batería, RAM. */
  specs: [string, string, string, string, string, string];
  colours: string;
  variants: string;
  /** The fastest mobile network the phone uses; 5G unless said. */
  network?: '4G' | '5G';
  /** Space-separated: blue, unlocked, renewal, soldout. */
  flags?: string;
  tagline: string;
  markup?: number;
}

/** 'Hasta 33 horas de video' reads "batería para hasta 33 horas de video"; '5.000 mAh' "batería de 5.000 mAh". */
function batteryPhrase(battery: string): string {
  return /^hasta\b/i.test(battery) ? `batería para hasta${battery.slice(5)}` : `batería de ${battery}`;
}

export function phone(input: PhoneInput, kind: 'phone' | 'refurbished' = 'phone'): ProductDef {
  const [pantalla, trasera, frontal, procesador, bateria, ram] = input.specs;
  const vs = variants(input.variants);
  const storages = vs.map((v) => v.storage).filter((s): s is string => s !== null);
  const memoria = `${ram} RAM · ${storages.join(' / ')} de almacenamiento`;
  const displayName = input.displayName ?? `${input.brand} ${input.model}`;
  const flags = new Set((input.flags ?? '').split(' '));
  const condition = kind === 'refurbished' ? ' Equipo seminuevo certificado: revisado en 40 puntos, batería sobre 85% y 12 meses de garantía.' : '';
  return {
    kind,
    brand: input.brand,
    model: input.model,
    displayName,
    category: kind === 'refurbished' ? 'Seminuevos' : 'Equipos',
    description: `${displayName}: ${input.tagline} Pantalla ${pantalla}, procesador ${procesador} y ${batteryPhrase(bateria)}.${condition}`,
    specs: { ...phoneSpecs(pantalla, trasera, frontal, procesador, bateria, memoria), red: input.network === '4G' ? '4G LTE' : '5G' },
    colours: colours(input.colours),
    variants: vs,
    blue: flags.has('blue'),
    unlocked: flags.has('unlocked') || kind === 'refurbished',
    renewal: flags.has('renewal'),
    soldOut: flags.has('soldout'),
    markup: input.markup,
  };
}
