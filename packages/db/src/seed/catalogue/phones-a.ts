import type { ProductDef } from './types.ts';
import { phone } from './compact.ts';

/** Samsung, Apple and Motorola phones (prices in CLP). */
export const phonesA: ProductDef[] = [
  // ── Samsung ──
  phone({
    brand: 'Samsung', model: 'Galaxy S24 Ultra',
    specs: ['6,8" Dynamic AMOLED 2X QHD+ 120 Hz', '200 MP + 50 MP + 12 MP + 10 MP', '12 MP', 'Snapdragon 8 Gen 3 for Galaxy', '5.000 mAh', '12 GB'],
    colours: 'Titanio Negro:#2b2b2d|Titanio Gris:#8e8c87|Titanio Violeta:#6f6478', variants: '256 GB:1199990|512 GB:1349990',
    flags: 'blue renewal unlocked', markup: 15, tagline: 'marco de titanio, S Pen integrado y Galaxy AI para traducir llamadas en tiempo real.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy S24',
    specs: ['6,2" Dynamic AMOLED 2X FHD+ 120 Hz', '50 MP + 12 MP + 10 MP', '12 MP', 'Exynos 2400', '4.000 mAh', '8 GB'],
    colours: 'Negro Ónix:#1f1f22|Gris Mármol:#c9c7c3|Amarillo Ámbar:#f2e3a3', variants: '128 GB:749990|256 GB:849990',
    flags: 'blue renewal unlocked', markup: 10, tagline: 'compacto, con Galaxy AI y zoom óptico de 3x.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy S24 FE',
    specs: ['6,7" Dynamic AMOLED 2X FHD+ 120 Hz', '50 MP + 12 MP + 8 MP', '10 MP', 'Exynos 2400e', '4.700 mAh', '8 GB'],
    colours: 'Azul:#3e5f8a|Grafito:#3a3a3c|Menta:#bfe3d0', variants: '128 GB:599990|256 GB:649990',
    flags: 'renewal unlocked', markup: 10, tagline: 'la experiencia Galaxy S con Galaxy AI a un precio más accesible.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy Z Flip6',
    specs: ['6,7" Dynamic AMOLED 2X plegable + 3,4" externa', '50 MP + 12 MP', '10 MP', 'Snapdragon 8 Gen 3 for Galaxy', '4.000 mAh', '12 GB'],
    colours: 'Azul:#a7c6e5|Menta:#cfe8d5|Plata:#d8d8d8', variants: '256 GB:1099990',
    flags: 'blue renewal', markup: 15, tagline: 'plegable de bolsillo con FlexCam y pantalla externa para responder sin abrirlo.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy Z Fold6',
    specs: ['7,6" Dynamic AMOLED 2X plegable + 6,3" externa', '50 MP + 12 MP + 10 MP', '10 MP + 4 MP', 'Snapdragon 8 Gen 3 for Galaxy', '4.400 mAh', '12 GB'],
    colours: 'Gris:#7d7f84|Rosa:#f2cfd2|Azul Marino:#1f2a44', variants: '256 GB:1899990|512 GB:2049990',
    flags: 'blue renewal unlocked', markup: 10, tagline: 'una tablet que cabe en tu bolsillo, ideal para trabajar con varias apps a la vez.',
  }),
  phone({
    // The first sku of this product has exactly 5 units (concurrency tests): sku_PO_EQ_SAMSUNG_GALAXY_A55_5G_1.
    brand: 'Samsung', model: 'Galaxy A55 5G',
    specs: ['6,6" Super AMOLED FHD+ 120 Hz', '50 MP + 12 MP + 5 MP', '32 MP', 'Exynos 1480', '5.000 mAh', '8 GB'],
    colours: 'Azul Marino:#263248|Lila:#c8b9dc|Celeste:#b8d7ea', variants: '128 GB:399990|256 GB:449990',
    flags: 'renewal unlocked', markup: 12, tagline: 'marco metálico, resistencia IP67 y cámara con estabilización óptica.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy A35 5G',
    specs: ['6,6" Super AMOLED FHD+ 120 Hz', '50 MP + 8 MP + 5 MP', '13 MP', 'Exynos 1380', '5.000 mAh', '6 GB'],
    colours: 'Azul Marino:#263248|Lila:#c8b9dc|Limón:#e6ee9c', variants: '128 GB:329990',
    flags: 'renewal', markup: 10, tagline: 'pantalla Super AMOLED, resistencia IP67 y cuatro años de actualizaciones.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy A25 5G',
    specs: ['6,5" Super AMOLED FHD+ 120 Hz', '50 MP + 8 MP + 2 MP', '13 MP', 'Exynos 1280', '5.000 mAh', '6 GB'],
    colours: 'Negro:#1e1e20|Azul:#5b7fb8|Amarillo:#f1df8a', variants: '128 GB:249990',
    tagline: 'conectividad 5G y una batería que dura todo el día.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy A15',
    specs: ['6,5" Super AMOLED FHD+ 90 Hz', '50 MP + 5 MP + 2 MP', '13 MP', 'MediaTek Helio G99', '5.000 mAh', '4 GB'],
    colours: 'Negro Azulado:#2e3440|Azul Claro:#a9c8e8', variants: '128 GB:169990',
    flags: 'unlocked', tagline: 'pantalla Super AMOLED y carga rápida de 25 W.',
  }),
  phone({
    brand: 'Samsung', model: 'Galaxy A05s',
    specs: ['6,7" PLS LCD FHD+ 90 Hz', '50 MP + 2 MP + 2 MP', '13 MP', 'Snapdragon 680', '5.000 mAh', '4 GB'],
    colours: 'Negro:#1b1b1d|Plata:#d4d6d8', variants: '64 GB:119990|128 GB:139990',
    tagline: 'pantalla grande y batería de larga duración para el día a día.',
  }),
  // ── Apple ──
  phone({
    brand: 'Apple', model: 'iPhone 16 Pro Max', displayName: 'iPhone 16 Pro Max',
    specs: ['6,9" Super Retina XDR ProMotion 120 Hz', '48 MP + 48 MP + 12 MP (5x)', '12 MP TrueDepth', 'Chip A18 Pro', 'Hasta 33 horas de video', '8 GB'],
    colours: 'Titanio Desierto:#bfa48f|Titanio Negro:#3c3c3d|Titanio Natural:#c2bcb2', variants: '256 GB:1649990|512 GB:1899990',
    flags: 'blue renewal unlocked', markup: 8, tagline: 'la pantalla más grande en un iPhone, Control de Cámara y diseño de titanio.',
  }),
  phone({
    brand: 'Apple', model: 'iPhone 16 Pro', displayName: 'iPhone 16 Pro',
    specs: ['6,3" Super Retina XDR ProMotion 120 Hz', '48 MP + 48 MP + 12 MP (5x)', '12 MP TrueDepth', 'Chip A18 Pro', 'Hasta 27 horas de video', '8 GB'],
    colours: 'Titanio Desierto:#bfa48f|Titanio Negro:#3c3c3d|Titanio Blanco:#e9e7e2', variants: '128 GB:1299990|256 GB:1449990',
    flags: 'blue renewal unlocked', markup: 8, tagline: 'cámara de nivel profesional con zoom óptico 5x y video 4K a 120 cps.',
  }),
  phone({
    brand: 'Apple', model: 'iPhone 16 Plus', displayName: 'iPhone 16 Plus',
    specs: ['6,7" Super Retina XDR', '48 MP + 12 MP', '12 MP TrueDepth', 'Chip A18', 'Hasta 27 horas de video', '8 GB'],
    colours: 'Ultramarino:#5b6bd6|Verde Azulado:#a4c9c2|Negro:#2e2e30', variants: '128 GB:1099990',
    flags: 'renewal', markup: 8, tagline: 'pantalla grande, botón de Acción y batería para todo el día.',
  }),
  phone({
    brand: 'Apple', model: 'iPhone 16', displayName: 'iPhone 16',
    specs: ['6,1" Super Retina XDR', '48 MP + 12 MP', '12 MP TrueDepth', 'Chip A18', 'Hasta 22 horas de video', '8 GB'],
    colours: 'Ultramarino:#5b6bd6|Rosa:#f2adc6|Blanco:#f5f5f0', variants: '128 GB:949990|256 GB:1099990',
    flags: 'blue renewal unlocked', markup: 8, tagline: 'Control de Cámara, botón de Acción y Apple Intelligence.',
  }),
  phone({
    brand: 'Apple', model: 'iPhone 15', displayName: 'iPhone 15',
    specs: ['6,1" Super Retina XDR', '48 MP + 12 MP', '12 MP TrueDepth', 'Chip A16 Bionic', 'Hasta 20 horas de video', '6 GB'],
    colours: 'Negro:#3a3c3e|Azul:#d5e0e6|Rosa:#f3d8db', variants: '128 GB:799990',
    flags: 'renewal unlocked', markup: 10, tagline: 'Dynamic Island, USB-C y cámara principal de 48 MP.',
  }),
  phone({
    brand: 'Apple', model: 'iPhone 14', displayName: 'iPhone 14',
    specs: ['6,1" Super Retina XDR', '12 MP + 12 MP', '12 MP TrueDepth', 'Chip A15 Bionic', 'Hasta 20 horas de video', '6 GB'],
    colours: 'Medianoche:#222930|Azul:#a0b4c7', variants: '128 GB:649990',
    flags: 'unlocked', markup: 15, tagline: 'detección de choques y modo Acción para videos estables.',
  }),
  // ── Motorola ──
  phone({
    brand: 'Motorola', model: 'Edge 50 Pro',
    specs: ['6,7" pOLED 1.5K 144 Hz curva', '50 MP + 13 MP + 10 MP', '50 MP', 'Snapdragon 7 Gen 3', '4.500 mAh', '12 GB'],
    colours: 'Negro:#1b1b1b|Lavanda:#b7a8d1', variants: '512 GB:499990',
    flags: 'renewal unlocked', markup: 20, tagline: 'color validado por Pantone y carga TurboPower de 125 W.',
  }),
  phone({
    brand: 'Motorola', model: 'Edge 50 Fusion',
    specs: ['6,7" pOLED FHD+ 144 Hz curva', '50 MP + 13 MP', '32 MP', 'Snapdragon 7s Gen 2', '5.000 mAh', '8 GB'],
    colours: 'Azul Marshmallow:#b3c7de|Verde Bosque:#2f4a3d|Rosa Caliente:#e36b8f', variants: '256 GB:379990',
    flags: 'blue renewal', markup: 15, tagline: 'diseño curvo con acabado vegano y resistencia IP68.',
  }),
  phone({
    brand: 'Motorola', model: 'Moto G85 5G',
    specs: ['6,7" pOLED FHD+ 120 Hz', '50 MP + 8 MP', '32 MP', 'Snapdragon 6s Gen 3', '5.000 mAh', '8 GB'],
    colours: 'Azul Cobalto:#2d4e8a|Gris Acero:#6c6f73', variants: '256 GB:279990',
    flags: 'unlocked', markup: 10, tagline: 'pantalla curva y sonido Dolby Atmos en un equipo de gama media.',
  }),
  phone({
    brand: 'Motorola', model: 'Moto G54 5G',
    specs: ['6,5" LCD FHD+ 120 Hz', '50 MP + 8 MP', '16 MP', 'MediaTek Dimensity 7020', '5.000 mAh', '8 GB'],
    colours: 'Azul Medianoche:#27344f|Verde Menta:#bfe0cf', variants: '256 GB:199990',
    tagline: '5G, estabilización óptica y mucho espacio para tus fotos.',
  }),
  phone({
    brand: 'Motorola', model: 'Moto G24',
    specs: ['6,56" LCD HD+ 90 Hz', '50 MP + 2 MP', '8 MP', 'MediaTek Helio G85', '5.000 mAh', '4 GB'],
    colours: 'Grafito:#3b3d40|Lavanda:#c9bfe0', variants: '128 GB:139990',
    tagline: 'parlantes estéreo con Dolby Atmos y batería para dos días.',
  }),
  phone({
    brand: 'Motorola', model: 'Razr 50',
    specs: ['6,9" pOLED plegable 120 Hz + 3,6" externa', '50 MP + 13 MP', '32 MP', 'MediaTek Dimensity 7300X', '4.200 mAh', '8 GB'],
    colours: 'Gris Koala:#8f8d89|Naranja Spritz:#f08a4b', variants: '256 GB:799990',
    flags: 'renewal', markup: 20, tagline: 'plegable con la pantalla externa más grande de su clase.',
  }),
];
