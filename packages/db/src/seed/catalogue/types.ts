/** Catalogue source data, market-neutral: prices are in CLP and converted for Peru (see util.clpToPen). */
export interface ColourDef {
  name: string;
  hex: string;
}

export interface VariantDef {
  /** e.g. '128 GB'; null for accessories without storage. */
  storage: string | null;
  /** Cash list price in CLP. */
  clp: number;
}

export interface ProductDef {
  kind: 'phone' | 'accessory' | 'refurbished';
  brand: string;
  model: string;
  /** Defaults to `${brand} ${model}`. */
  displayName?: string;
  /** Accessories: Audio, Cargadores, Carcasas, Protectores, Smartwatch; phones 'Equipos'; refurbished 'Seminuevos'. */
  category: string;
  description: string;
  specs: Record<string, string>;
  colours: ColourDef[];
  variants: VariantDef[];
  /** Sold with the {brand}Blue installment program (pageType `${brand}-blue`). */
  blue?: boolean;
  unlocked?: boolean;
  renewal?: boolean;
  /** The 'normal' price is this much higher than the list price (percent). */
  markup?: number;
  /** Every sku out of stock. */
  soldOut?: boolean;
}

export function phoneSpecs(pantalla: string, trasera: string, frontal: string, procesador: string, bateria: string, memoria: string): Record<string, string> {
  return {
    pantalla,
    'cámara trasera': trasera,
    'cámara frontal': frontal,
    procesador,
    batería: bateria,
    memoria,
  };
}
