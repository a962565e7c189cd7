import type { ProductDef } from './types.ts';
import { colours, variants } from './compact.ts';

function accessory(
  category: 'Audio' | 'Cargadores' | 'Carcasas' | 'Protectores' | 'Smartwatch',
  brand: string,
  model: string,
  colourText: string,
  clp: number,
  description: string,
  specs: Record<string, string>,
  markup = 0,
): ProductDef {
  return {
    kind: 'accessory',
    brand,
    model,
    displayName: `${brand} ${model}`,
    category,
    description,
    specs,
    colours: colours(colourText),
    variants: variants(String(clp)),
    unlocked: false,
    renewal: false,
    markup,
  };
}

/** Twenty accessories across the five Accesorios categories (prices in CLP). */
export const accessories: ProductDef[] = [
  // Audio
  accessory('Audio', 'Samsung', 'Galaxy Buds3 Pro', 'Plata:#c9cbcd|Blanco:#f4f4f2', 229990, 'Audífonos inalámbricos con cancelación de ruido inteligente y audio de alta resolución.', { conectividad: 'Bluetooth 5.4', batería: 'Hasta 30 horas con estuche', resistencia: 'IP57' }, 15),
  accessory('Audio', 'Apple', 'AirPods Pro (2ª generación)', 'Blanco:#f5f5f0', 269990, 'Cancelación activa de ruido, audio espacial personalizado y estuche MagSafe con USB-C.', { conectividad: 'Bluetooth 5.3', batería: 'Hasta 30 horas con estuche', resistencia: 'IP54' }, 10),
  accessory('Audio', 'Apple', 'AirPods 4', 'Blanco:#f5f5f0', 149990, 'Ajuste rediseñado, audio espacial y estuche de carga USB-C.', { conectividad: 'Bluetooth 5.3', batería: 'Hasta 30 horas con estuche', resistencia: 'IP54' }),
  accessory('Audio', 'JBL', 'Tune 520BT', 'Negro:#1b1b1b|Azul:#2f5aa8|Blanco:#f1f1f1', 44990, 'Audífonos on-ear con sonido JBL Pure Bass y hasta 57 horas de batería.', { conectividad: 'Bluetooth 5.3', batería: 'Hasta 57 horas', peso: '157 g' }, 20),
  accessory('Audio', 'JBL', 'Flip 6', 'Negro:#1b1b1b|Rojo:#c62828', 119990, 'Parlante portátil resistente al agua y al polvo con sonido potente.', { conectividad: 'Bluetooth 5.1', batería: 'Hasta 12 horas', resistencia: 'IP67' }, 15),
  accessory('Audio', 'JBL', 'Wave Beam', 'Negro:#1b1b1b|Beige:#e4d6c3', 59990, 'Audífonos in-ear con Smart Ambient y cuatro micrófonos para llamadas nítidas.', { conectividad: 'Bluetooth 5.2', batería: 'Hasta 32 horas con estuche', resistencia: 'IP54' }),
  accessory('Audio', 'Xiaomi', 'Redmi Buds 6 Active', 'Negro:#1b1b1b|Blanco:#f1f1f1', 19990, 'Audífonos inalámbricos livianos con controlador de 14,2 mm.', { conectividad: 'Bluetooth 5.4', batería: 'Hasta 30 horas con estuche', peso: '3,6 g por audífono' }),
  // Cargadores
  accessory('Cargadores', 'Samsung', 'Cargador rápido 25W USB-C', 'Blanco:#f4f4f2|Negro:#1b1b1b', 19990, 'Cargador de pared Super Fast Charging con cable USB-C incluido.', { potencia: '25 W', conector: 'USB-C', compatibilidad: 'Galaxy y equipos USB-C PD' }),
  accessory('Cargadores', 'Apple', 'Adaptador de corriente USB-C de 20 W', 'Blanco:#f5f5f0', 24990, 'Carga rápida y eficiente para iPhone, AirPods y iPad.', { potencia: '20 W', conector: 'USB-C', compatibilidad: 'iPhone, iPad y AirPods' }),
  accessory('Cargadores', 'Belkin', 'BoostCharge Pro 3 en 1 con MagSafe', 'Negro:#1b1b1b|Blanco:#f1f1f1', 149990, 'Base de carga inalámbrica para iPhone, Apple Watch y AirPods al mismo tiempo.', { potencia: '15 W MagSafe', conector: 'Alimentación incluida', compatibilidad: 'iPhone 12 o superior' }, 10),
  accessory('Cargadores', 'Belkin', 'Cargador de auto dual 37W', 'Negro:#1b1b1b', 29990, 'Cargador de auto con puertos USB-C y USB-A para cargar dos equipos a la vez.', { potencia: '37 W', conector: 'USB-C + USB-A', compatibilidad: 'Universal' }),
  accessory('Cargadores', 'Xiaomi', 'Power Bank 10000 mAh 22.5W', 'Negro:#1b1b1b|Azul:#2f5aa8', 24990, 'Batería externa compacta con carga rápida bidireccional.', { capacidad: '10.000 mAh', potencia: '22,5 W', conector: 'USB-C + USB-A' }, 20),
  // Carcasas
  accessory('Carcasas', 'Apple', 'Funda de silicona con MagSafe para iPhone 16', 'Negro:#1b1b1b|Denim:#4a5f7d|Rosa Peonía:#e7a3b5', 54990, 'Funda de silicona suave al tacto con imanes MagSafe integrados.', { material: 'Silicona', compatibilidad: 'iPhone 16', magsafe: 'Sí' }),
  accessory('Carcasas', 'Samsung', 'Funda Silicone Case Galaxy S24', 'Negro:#1b1b1b|Amarillo:#f1df8a', 29990, 'Funda de silicona oficial que protege sin perder el diseño del Galaxy S24.', { material: 'Silicona', compatibilidad: 'Galaxy S24' }),
  accessory('Carcasas', 'Spigen', 'Ultra Hybrid para Galaxy A55', 'Transparente:#e8eef2', 17990, 'Carcasa transparente con esquinas reforzadas contra caídas.', { material: 'Policarbonato + TPU', compatibilidad: 'Galaxy A55 5G' }),
  // Protectores
  accessory('Protectores', 'Belkin', 'ScreenForce UltraGlass 2 para iPhone 16', 'Transparente:#e8eef2', 34990, 'Lámina de vidrio templado con tratamiento antimicrobiano y bandeja de instalación.', { material: 'Vidrio templado', compatibilidad: 'iPhone 16' }),
  accessory('Protectores', 'Samsung', 'Lámina protectora anti-reflejo Galaxy S24 Ultra', 'Transparente:#e8eef2', 24990, 'Protector de pantalla oficial con acabado anti-reflejo.', { material: 'PET anti-reflejo', compatibilidad: 'Galaxy S24 Ultra' }),
  // Smartwatch
  accessory('Smartwatch', 'Samsung', 'Galaxy Watch7 44mm', 'Verde:#5d6b57|Plata:#c9cbcd', 329990, 'Reloj inteligente con sensor BioActive, monitoreo del sueño y GPS de doble frecuencia.', { pantalla: '1,47" Super AMOLED', batería: '425 mAh', resistencia: '5ATM + IP68' }, 15),
  accessory('Smartwatch', 'Apple', 'Watch SE 44mm GPS', 'Medianoche:#222930|Blanco Estelar:#f1ede4', 299990, 'Detección de choques, seguimiento de actividad y notificaciones en tu muñeca.', { pantalla: '1,78" Retina LTPO OLED', batería: 'Hasta 18 horas', resistencia: 'WR50' }, 10),
  accessory('Smartwatch', 'Xiaomi', 'Redmi Watch 5 Active', 'Negro:#1b1b1b|Plata:#c9cbcd', 39990, 'Reloj inteligente con llamadas Bluetooth y más de 140 modos deportivos.', { pantalla: '2" LCD', batería: 'Hasta 18 días', resistencia: '5ATM' }),
];
