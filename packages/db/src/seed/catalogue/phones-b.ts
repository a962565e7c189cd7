import type { ProductDef } from './types.ts';
import { phone } from './compact.ts';

/** Xiaomi, Huawei, Honor, Oppo, Vivo and ZTE phones (prices in CLP). */
export const phonesB: ProductDef[] = [
  // ── Xiaomi ──
  phone({
    brand: 'Xiaomi', model: '14T Pro', displayName: 'Xiaomi 14T Pro',
    specs: ['6,67" AMOLED 1.5K 144 Hz', '50 MP Leica + 50 MP + 12 MP', '32 MP', 'MediaTek Dimensity 9300+', '5.000 mAh', '12 GB'],
    colours: 'Negro Titanio:#2a2a2c|Azul Titanio:#4a6a8a|Gris Titanio:#9a9a98', variants: '512 GB:899990',
    flags: 'blue renewal unlocked', markup: 15, tagline: 'óptica Leica, carga HyperCharge de 120 W y Xiaomi HyperAI.',
  }),
  phone({
    brand: 'Xiaomi', model: '14T', displayName: 'Xiaomi 14T',
    specs: ['6,67" AMOLED 1.5K 144 Hz', '50 MP Leica + 50 MP + 12 MP', '32 MP', 'MediaTek Dimensity 8300-Ultra', '5.000 mAh', '12 GB'],
    colours: 'Negro Titanio:#2a2a2c|Azul Titanio:#4a6a8a|Verde Lima:#c8d98a', variants: '256 GB:649990',
    flags: 'renewal unlocked', markup: 15, tagline: 'fotografía con lentes Leica y pantalla de 144 Hz.',
  }),
  phone({
    brand: 'Xiaomi', model: 'Redmi Note 13 Pro+ 5G',
    specs: ['6,67" AMOLED 1.5K 120 Hz curva', '200 MP + 8 MP + 2 MP', '16 MP', 'MediaTek Dimensity 7200-Ultra', '5.000 mAh', '12 GB'],
    colours: 'Negro Medianoche:#1d1d1f|Aurora Púrpura:#b9a6d6|Blanco Luz de Luna:#f0eee9', variants: '512 GB:449990',
    flags: 'renewal unlocked', markup: 12, tagline: 'cámara de 200 MP, resistencia IP68 y carga de 120 W.',
  }),
  phone({
    brand: 'Xiaomi', model: 'Redmi Note 13',
    specs: ['6,67" AMOLED FHD+ 120 Hz', '108 MP + 8 MP + 2 MP', '16 MP', 'Snapdragon 685', '5.000 mAh', '8 GB'],
    colours: 'Negro Medianoche:#1d1d1f|Verde Menta:#c6e6d5|Azul Hielo:#c7d9ea', variants: '128 GB:189990|256 GB:219990',
    flags: 'unlocked', markup: 10, tagline: 'pantalla AMOLED de 120 Hz y cámara de 108 MP.',
  }),
  phone({
    brand: 'Xiaomi', model: 'Redmi 13C',
    specs: ['6,74" LCD HD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'MediaTek Helio G85', '5.000 mAh', '4 GB'],
    colours: 'Negro Medianoche:#1d1d1f|Verde Trébol:#3a6b4f', variants: '128 GB:119990',
    tagline: 'pantalla grande y batería de 5.000 mAh a un precio imbatible.',
  }),
  phone({
    brand: 'Xiaomi', model: 'POCO X6 Pro 5G',
    specs: ['6,67" AMOLED 1.5K 120 Hz', '64 MP + 8 MP + 2 MP', '16 MP', 'MediaTek Dimensity 8300-Ultra', '5.000 mAh', '12 GB'],
    colours: 'Negro:#1b1b1d|Amarillo POCO:#f3c623', variants: '256 GB:349990',
    flags: 'unlocked', markup: 10, tagline: 'rendimiento gamer con refrigeración líquida y carga turbo de 67 W.',
  }),
  // ── Huawei ──
  phone({
    // Every sku out of stock: exercises the "agotado" state of a whole product.
    brand: 'Huawei', model: 'Pura 70',
    specs: ['6,6" OLED LTPO 120 Hz', '50 MP + 13 MP + 12 MP', '13 MP', 'Kirin 9010', '4.900 mAh', '12 GB'],
    colours: 'Negro:#1c1c1e|Blanco:#f3f2ee|Rosa:#efd2d6', variants: '256 GB:899990',
    flags: 'unlocked soldout', markup: 20, tagline: 'cámara XMAGE con apertura variable y carga SuperCharge de 66 W.',
  }),
  phone({
    brand: 'Huawei', model: 'nova 12i',
    specs: ['6,7" LCD FHD+ 90 Hz', '108 MP + 2 MP', '8 MP', 'Snapdragon 680', '5.000 mAh', '8 GB'],
    colours: 'Negro:#1c1c1e|Verde:#9fc7b0', variants: '128 GB:229990',
    tagline: 'diseño delgado, cámara de 108 MP y carga de 40 W.',
  }),
  phone({
    brand: 'Huawei', model: 'nova Y72',
    specs: ['6,75" LCD HD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'Kirin 710A', '6.000 mAh', '8 GB'],
    colours: 'Negro:#1c1c1e|Blanco:#f3f2ee', variants: '256 GB:199990',
    tagline: 'batería de 6.000 mAh y mucho almacenamiento.',
  }),
  // ── Honor ──
  phone({
    brand: 'Honor', model: 'Magic6 Pro',
    specs: ['6,8" LTPO OLED 120 Hz', '50 MP + 180 MP + 50 MP', '50 MP', 'Snapdragon 8 Gen 3', '5.600 mAh', '12 GB'],
    colours: 'Negro:#202020|Verde Epi:#4f6f5a', variants: '512 GB:1099990',
    flags: 'blue renewal unlocked', markup: 15, tagline: 'teleobjetivo de 180 MP y batería de silicio-carbono.',
  }),
  phone({
    brand: 'Honor', model: '200', displayName: 'Honor 200',
    specs: ['6,7" AMOLED curva 120 Hz', '50 MP + 50 MP + 12 MP', '50 MP', 'Snapdragon 7 Gen 3', '5.200 mAh', '12 GB'],
    colours: 'Negro:#202020|Verde Esmeralda:#2e6b5a|Blanco Lunar:#eeeeea', variants: '256 GB:499990',
    flags: 'renewal', markup: 12, tagline: 'retratos de estudio inspirados en Harcourt y carga de 100 W.',
  }),
  phone({
    brand: 'Honor', model: 'X8b',
    specs: ['6,7" AMOLED FHD+ 90 Hz', '108 MP + 5 MP + 2 MP', '50 MP', 'Snapdragon 680', '4.500 mAh', '8 GB'],
    colours: 'Negro Medianoche:#1e1f24|Plata Titanio:#c9cacc', variants: '256 GB:229990',
    tagline: 'selfies de 50 MP y un diseño ultradelgado.',
  }),
  phone({
    brand: 'Honor', model: 'X6b',
    specs: ['6,56" LCD HD+ 90 Hz', '50 MP + 2 MP', '5 MP', 'MediaTek Helio G85', '5.200 mAh', '4 GB'],
    colours: 'Negro Medianoche:#1e1f24|Verde Bosque:#35594a', variants: '128 GB:139990',
    tagline: 'batería de 5.200 mAh y resistencia a caídas.',
  }),
  // ── Oppo ──
  phone({
    brand: 'Oppo', model: 'Reno12 F 5G',
    specs: ['6,67" AMOLED FHD+ 120 Hz', '50 MP + 8 MP + 2 MP', '32 MP', 'MediaTek Dimensity 6300', '5.000 mAh', '8 GB'],
    colours: 'Verde Oliva:#7b8a5a|Gris Mate:#7c7c80', variants: '256 GB:379990',
    flags: 'renewal', markup: 10, tagline: 'herramientas de edición con IA y resistencia IP64.',
  }),
  phone({
    brand: 'Oppo', model: 'A79 5G',
    specs: ['6,72" LCD FHD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'MediaTek Dimensity 6020', '5.000 mAh', '8 GB'],
    colours: 'Negro Misterioso:#1f1f23|Púrpura Brillante:#8b6fb8', variants: '256 GB:249990',
    tagline: '5G, parlantes de doble volumen y carga SUPERVOOC de 33 W.',
  }),
  phone({
    brand: 'Oppo', model: 'A60',
    specs: ['6,67" LCD HD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'Snapdragon 680', '5.100 mAh', '8 GB'],
    colours: 'Azul Medianoche:#27344f|Púrpura Ondulado:#a596c9', variants: '128 GB:169990',
    tagline: 'resistente a caídas con certificación militar y sonido al 300%.',
  }),
  // ── Vivo ──
  phone({
    brand: 'Vivo', model: 'V40 5G',
    specs: ['6,78" AMOLED curva 120 Hz', '50 MP ZEISS + 50 MP', '50 MP', 'Snapdragon 7 Gen 3', '5.500 mAh', '12 GB'],
    colours: 'Lila:#b9a7d8|Gris Titanio:#7a7b7f', variants: '256 GB:499990',
    flags: 'renewal unlocked', markup: 12, tagline: 'óptica ZEISS, anillo de luz Aura y resistencia IP68.',
  }),
  phone({
    brand: 'Vivo', model: 'Y36',
    specs: ['6,64" LCD FHD+ 90 Hz', '50 MP + 2 MP', '16 MP', 'Snapdragon 680', '5.000 mAh', '8 GB'],
    colours: 'Negro Meteoro:#1d1e22|Dorado Vibrante:#e8c98a', variants: '256 GB:229990',
    tagline: 'acabado de vidrio brillante y carga FlashCharge de 44 W.',
  }),
  phone({
    brand: 'Vivo', model: 'Y28',
    specs: ['6,68" LCD HD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'MediaTek Helio G85', '6.000 mAh', '6 GB'],
    colours: 'Negro Cristal:#1d1e22|Naranja Ágata:#e08a55', variants: '128 GB:159990',
    tagline: 'batería de 6.000 mAh y resistencia IP64.',
  }),
  // ── ZTE ──
  phone({
    brand: 'ZTE', model: 'Blade V60 Design',
    specs: ['6,6" LCD FHD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'Unisoc T606', '5.000 mAh', '6 GB'],
    colours: 'Negro:#1e1e20|Azul:#4f73a8', variants: '256 GB:169990',
    tagline: 'diseño premium y gran almacenamiento a precio de entrada.',
  }),
];
