import type { Market } from '@andes/domain/market';
import type { TicketCategory, TicketStatus } from '@andes/domain/account-tickets';
import { cycleDayFor, type LineSpec } from './history.ts';
import { addDays } from './util.ts';

/** A ticket of a demo line, left by the desk in `status`; `updatedDaysAgo` is its last change. */
export interface DemoTicket {
  category: TicketCategory;
  description: string;
  status: TicketStatus;
  daysAgo: number;
  updatedDaysAgo?: number;
}

/** A demo customer: profile, secret and lines. Documents are normalised (RUT '12345678-5', DNI 8 digits). */
export interface DemoCustomer {
  document: string;
  /** null: no secret yet (created at /personas/creacion-clave: Peru's unique password, Chile's first PIN). */
  secret: string | null;
  firstName: string;
  lastName: string;
  email: string;
  gender: 'F' | 'M';
  portrait: string | null;
  lines: Array<Omit<LineSpec, 'planPrice' | 'dataMb'> & { tickets?: DemoTicket[] }>;
  notifications: Array<{ title: string; body: string; daysAgo: number; read: boolean }>;
}

/** The demo customers of demo-accounts.ts; dates relative to `today` (the market's calendar day of `now`). */
export function demoCustomers(market: Market, today: Date): DemoCustomer[] {
  const ago = (days: number) => addDays(today, -days);
  const bill = market.billName;
  if (market.site === 'cl') {
    return [
      {
        document: '12345678-5',
        secret: '1234',
        firstName: 'Camila',
        lastName: 'Rojas',
        email: 'camila.rojas@example.com',
        gender: 'F',
        portrait: '/img/avatar/camila.svg',
        lines: [
          {
            phoneNumber: '912345678',
            kind: 'postpaid',
            planId: 'PO_PLAN_LIBRE_80',
            simSerial: 1,
            balance: 0,
            cycleDay: cycleDayFor(today, 5),
            activatedAt: ago(1100),
            latestBill: 'unpaid',
            months: 6,
            targetPoints: 12500,
            bags: [
              { offerId: 'BAG_5GB_30D', daysAgo: 6 },
              { offerId: 'BAG_MIX_2GB_100MIN', daysAgo: 3 },
              { offerId: 'BAG_1GB_7D', daysAgo: 40 },
            ],
            tickets: [
              { category: 'bags', description: 'Compré la Bolsa Mixta y no veo los 100 minutos en mi consumo.', status: 'submitted', daysAgo: 1 },
              {
                category: 'billing',
                description: 'Me cobraron dos veces la bolsa de 5 GB en la boleta anterior.',
                status: 'inProgress',
                daysAgo: 9,
                updatedDaysAgo: 6,
              },
              {
                category: 'coverage',
                description: 'Sin señal 4G en mi oficina de Providencia desde la semana pasada.',
                status: 'resolved',
                daysAgo: 24,
                updatedDaysAgo: 18,
              },
              {
                category: 'device',
                description: 'El equipo se reinicia solo después de la última actualización.',
                status: 'closed',
                daysAgo: 70,
                updatedDaysAgo: 60,
              },
            ],
          },
          {
            phoneNumber: '998877665',
            kind: 'hybrid',
            planId: 'PO_PLAN_CONTROLADO_25',
            simSerial: 2,
            balance: 1500,
            cycleDay: cycleDayFor(today, 5),
            activatedAt: ago(420),
            latestBill: 'paid',
            months: 6,
            bags: [{ offerId: 'BAG_PROMO_3GB_7D', daysAgo: 20 }],
            tickets: [
              { category: 'topups', description: 'Recargué $3.000 y el saldo no se abonó a la línea.', status: 'pending', daysAgo: 5, updatedDaysAgo: 3 },
            ],
          },
        ],
        notifications: [
          { title: `Tu ${bill} está disponible`, body: `Ya puedes ver y pagar tu ${bill} del mes en Mi Cuenta.`, daysAgo: 5, read: false },
          { title: 'Tus puntos vencen pronto', body: 'Tienes 12.500 puntos: canjéalos por bolsas o descuentos en equipos.', daysAgo: 2, read: false },
          { title: 'Bolsa activada', body: 'Tu Bolsa Mixta 2 GB + 100 min ya está disponible.', daysAgo: 3, read: true },
          { title: 'Pago recibido', body: `Recibimos el pago de tu ${bill} anterior. ¡Gracias!`, daysAgo: 28, read: true },
          { title: `Renueva con ${market.brandName} Blue`, body: 'Cambia tu equipo en cuotas sin interés y con seguro incluido.', daysAgo: 12, read: true },
        ],
      },
      {
        document: '15432198-5',
        secret: '4321',
        firstName: 'Diego',
        lastName: 'Muñoz',
        email: 'diego.munoz@example.com',
        gender: 'M',
        portrait: null,
        lines: [
          {
            phoneNumber: '987654321',
            kind: 'prepaid',
            planId: null,
            simSerial: 3,
            balance: 8500,
            cycleDay: 1,
            activatedAt: ago(760),
            latestBill: 'paid',
            months: 6,
            targetPoints: 2300,
            bags: [
              { offerId: 'BAG_1GB_7D', daysAgo: 2 },
              { offerId: 'BAG_10GB_REC', daysAgo: 10, recurring: true },
              { offerId: 'BAG_UNL_1D', daysAgo: 15 },
              { offerId: 'BAG_1GB_7D', daysAgo: 33 },
            ],
            tickets: [
              { category: 'topups', description: 'La recarga con puntos no aparece en mi historial.', status: 'acknowledged', daysAgo: 3, updatedDaysAgo: 2 },
              { category: 'other', description: 'Quiero cambiar el nombre del titular de la línea.', status: 'cancelled', daysAgo: 40, updatedDaysAgo: 39 },
            ],
          },
        ],
        notifications: [
          { title: 'Recarga exitosa', body: 'Tu recarga fue abonada a tu saldo.', daysAgo: 4, read: false },
          { title: 'Bolsa activada', body: 'Tu Bolsa 1 GB por 7 días ya está disponible.', daysAgo: 2, read: false },
          { title: 'Bolsa mensual renovada', body: 'Renovamos tu Bolsa 10 GB mensual con tu saldo.', daysAgo: 10, read: true },
        ],
      },
      {
        document: '20961605-K',
        secret: '5678',
        firstName: 'Valentina',
        lastName: 'Soto',
        email: 'valentina.soto@example.com',
        gender: 'F',
        portrait: null,
        lines: [
          {
            phoneNumber: '976543210',
            kind: 'postpaid',
            planId: 'PO_PLAN_LIBRE_30',
            simSerial: 4,
            balance: 0,
            cycleDay: cycleDayFor(today, 25),
            activatedAt: ago(250),
            latestBill: 'overdue',
            months: 6,
            targetPoints: 3800,
            bags: [{ offerId: 'BAG_1GB_7D', daysAgo: 45 }],
            tickets: [{ category: 'billing', description: 'No recibí la boleta del mes por correo y ahora aparece vencida.', status: 'submitted', daysAgo: 2 }],
          },
        ],
        notifications: [
          {
            title: 'Servicio suspendido por no pago',
            body: `Tu línea fue suspendida porque tu ${bill} venció hace más de 5 días. Paga en línea para reactivarla.`,
            daysAgo: 1,
            read: false,
          },
          { title: `Tu ${bill} está vencida`, body: `Tu ${bill} venció. Evita la suspensión del servicio pagando hoy.`, daysAgo: 9, read: false },
          { title: `Tu ${bill} está disponible`, body: `Ya puedes ver y pagar tu ${bill} del mes en Mi Cuenta.`, daysAgo: 25, read: true },
        ],
      },
      {
        // kept for the browser tests that change a PIN or lose a session in checkout, so they never sign out the others
        document: '17654329-9',
        secret: '2580',
        firstName: 'Tomás',
        lastName: 'Fuentes',
        email: 'tomas.fuentes@example.com',
        gender: 'M',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512760',
            kind: 'prepaid',
            planId: null,
            simSerial: 11,
            balance: 4000,
            cycleDay: 1,
            activatedAt: ago(200),
            latestBill: 'paid',
            months: 3,
            bags: [],
          },
        ],
        notifications: [],
      },
      {
        // a second line cut for an overdue bill, kept for the browser test that pays it (Valentina's line stays cut)
        document: '19357246-4',
        secret: '7531',
        firstName: 'Ignacio',
        lastName: 'Vera',
        email: 'ignacio.vera@example.com',
        gender: 'M',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512767',
            kind: 'postpaid',
            planId: 'PO_PLAN_LIBRE_30',
            simSerial: 14,
            balance: 0,
            cycleDay: cycleDayFor(today, 25),
            activatedAt: ago(300),
            latestBill: 'overdue',
            months: 4,
            targetPoints: 3000,
            bags: [],
          },
        ],
        notifications: [],
      },
      {
        // kept for the browser journeys that add a line or renew a phone, so no other test sees its cart or lines change
        document: '13579246-2',
        secret: '3690',
        firstName: 'Paula',
        lastName: 'Herrera',
        email: 'paula.herrera@example.com',
        gender: 'F',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512764',
            kind: 'postpaid',
            planId: 'PO_PLAN_LIBRE_30',
            simSerial: 13,
            balance: 0,
            cycleDay: cycleDayFor(today, 10),
            activatedAt: ago(400),
            latestBill: 'paid',
            months: 3,
            bags: [],
          },
          {
            // a phone bought under Blue 4 months ago: this line renews from month 12 (the renewal journey picks the other)
            phoneNumber: '934512780',
            kind: 'postpaid',
            planId: 'PO_PLAN_BLUE_120',
            simSerial: 20,
            balance: 0,
            // every bill since it was activated: its first, prorated from the activation day, is on the bills page
            cycleDay: cycleDayFor(today, 10),
            activatedAt: ago(150),
            latestBill: 'paid',
            months: 6,
            bags: [],
            phoneBoughtMonthsAgo: 4,
          },
        ],
        notifications: [],
      },
      {
        // kept for the browser journey that buys, lists and cancels an order, so no other test shares its cart
        document: '16824357-K',
        secret: '8024',
        firstName: 'Sofía',
        lastName: 'Castro',
        email: 'sofia.castro@example.com',
        gender: 'F',
        portrait: null,
        lines: [
          {
            // points enough for the accessory the journey buys with points (then gets back by cancelling)
            phoneNumber: '934512790',
            kind: 'prepaid',
            planId: null,
            simSerial: 30,
            balance: 3000,
            cycleDay: 1,
            activatedAt: ago(180),
            latestBill: 'paid',
            months: 3,
            bags: [],
            targetPoints: 300000,
          },
        ],
        notifications: [],
      },
      {
        // kept for the browser test that buys a bag without JavaScript, so no other test sees its balance change
        document: '18246935-1',
        secret: '9753',
        firstName: 'Martín',
        lastName: 'Fuentes',
        email: 'martin.fuentes@example.com',
        gender: 'M',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512794',
            kind: 'prepaid',
            planId: null,
            simSerial: 33,
            balance: 5000,
            cycleDay: 1,
            activatedAt: ago(210),
            latestBill: 'paid',
            months: 3,
            bags: [],
          },
        ],
        notifications: [],
      },
      {
        // kept for the browser test that buys a phone through /personas/producto/identificacion and agregar-seguro
        document: '17439256-0',
        secret: '4826',
        firstName: 'Paula',
        lastName: 'Vergara',
        email: 'paula.vergara@example.com',
        gender: 'F',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512840',
            kind: 'prepaid',
            planId: null,
            simSerial: 40,
            balance: 1000,
            cycleDay: 1,
            activatedAt: ago(150),
            latestBill: 'paid',
            months: 3,
            bags: [],
          },
        ],
        notifications: [],
      },
      {
        // a new customer without a PIN yet: creates it at /personas/creacion-clave with the SMS code
        document: '19264738-K',
        secret: null,
        firstName: 'Tomás',
        lastName: 'Soto',
        email: 'tomas.soto@example.com',
        gender: 'M',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512841',
            kind: 'prepaid',
            planId: null,
            simSerial: 41,
            balance: 500,
            cycleDay: 1,
            activatedAt: ago(120),
            latestBill: 'paid',
            months: 1,
            bags: [],
          },
        ],
        notifications: [],
      },
      {
        // kept for the browser journey that blocks the line after a theft, unblocks it and changes its SIM
        document: '14725836-4',
        secret: '4826',
        firstName: 'Andrea',
        lastName: 'Paredes',
        email: 'andrea.paredes@example.com',
        gender: 'F',
        portrait: null,
        lines: [
          {
            phoneNumber: '934512798',
            kind: 'postpaid',
            planId: 'PO_PLAN_LIBRE_30',
            simSerial: 34,
            balance: 0,
            cycleDay: cycleDayFor(today, 12),
            activatedAt: ago(500),
            latestBill: 'paid',
            months: 3,
            bags: [],
          },
        ],
        notifications: [],
      },
    ];
  }
  return [
    {
      document: '45678912',
      secret: '123456',
      firstName: 'Lucía',
      lastName: 'Quispe',
      email: 'lucia.quispe@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '987654321',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_40_V2',
          simSerial: 1,
          balance: 0,
          cycleDay: cycleDayFor(today, 5),
          activatedAt: ago(800),
          latestBill: 'unpaid',
          months: 6,
          targetPoints: 850,
          bags: [
            { offerId: 'BAG_5GB_30D', daysAgo: 7 },
            { offerId: 'BAG_VIAJERO_AMERICA', daysAgo: 70 },
          ],
          tickets: [
            { category: 'device', description: 'La pantalla del equipo que compré en cuotas parpadea.', status: 'submitted', daysAgo: 1 },
            {
              category: 'coverage',
              description: 'Se corta la llamada en mi casa de Miraflores desde hace días.',
              status: 'inProgress',
              daysAgo: 8,
              updatedDaysAgo: 5,
            },
            {
              category: 'billing',
              description: 'El recibo de este mes trae un cargo de roaming que no reconozco.',
              status: 'resolved',
              daysAgo: 30,
              updatedDaysAgo: 21,
            },
          ],
        },
        {
          phoneNumber: '943215678',
          kind: 'hybrid',
          planId: 'PO_PLAN_CONTROLADO_25',
          simSerial: 3,
          balance: 800,
          cycleDay: cycleDayFor(today, 12),
          activatedAt: ago(330),
          latestBill: 'paid',
          months: 6,
          bags: [
            { offerId: 'BAG_PROMO_3GB_7D', daysAgo: 2 },
            { offerId: 'BAG_MIX_6GB_REC', daysAgo: 12, recurring: true },
          ],
          tickets: [
            { category: 'bags', description: 'La bolsa de promoción no se activó en esta línea.', status: 'acknowledged', daysAgo: 2, updatedDaysAgo: 1 },
          ],
        },
      ],
      notifications: [
        { title: `Tu ${bill} está disponible`, body: `Ya puedes ver y pagar tu ${bill} del mes en Mi Cuenta.`, daysAgo: 5, read: false },
        { title: 'Bolsa activada', body: 'Tu Bolsa 5 GB por 30 días ya está disponible.', daysAgo: 7, read: true },
        { title: 'Pago recibido', body: `Recibimos el pago de tu ${bill} anterior. ¡Gracias!`, daysAgo: 27, read: true },
      ],
    },
    {
      document: '70123456',
      secret: '654321',
      firstName: 'Jorge',
      lastName: 'Huamán',
      email: 'jorge.huaman@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          phoneNumber: '912345678',
          kind: 'prepaid',
          planId: null,
          simSerial: 2,
          balance: 1550,
          cycleDay: 1,
          activatedAt: ago(1500),
          latestBill: 'paid',
          months: 6,
          targetPoints: 240,
          bags: [
            { offerId: 'BAG_5GB_30D', daysAgo: 8 },
            { offerId: 'BAG_UNL_1D', daysAgo: 21 },
          ],
          tickets: [
            { category: 'topups', description: 'Pagué una recarga con PagoEfectivo y no llegó el saldo.', status: 'pending', daysAgo: 4, updatedDaysAgo: 2 },
            { category: 'coverage', description: 'No tengo datos móviles en el centro de Arequipa.', status: 'closed', daysAgo: 45, updatedDaysAgo: 38 },
          ],
        },
      ],
      notifications: [
        { title: 'Recarga exitosa', body: 'Tu recarga de S/ 10 fue abonada a tu saldo.', daysAgo: 3, read: false },
        { title: 'Bolsa activada', body: 'Tu Bolsa 5 GB por 30 días ya está disponible.', daysAgo: 8, read: true },
      ],
    },
    {
      // kept for the browser tests that change a password or lose a session in checkout, so they never sign out the others
      document: '48261537',
      secret: '246813',
      firstName: 'Rosa',
      lastName: 'Mamani',
      email: 'rosa.mamani@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512761',
          kind: 'prepaid',
          planId: null,
          simSerial: 11,
          balance: 1200,
          cycleDay: 1,
          activatedAt: ago(200),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // a customer who never created the unique password: /personas/creacion-clave with the SMS code
      document: '41357926',
      secret: null,
      firstName: 'Martín',
      lastName: 'Flores',
      email: 'martin.flores@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512762',
          kind: 'prepaid',
          planId: null,
          simSerial: 12,
          balance: 500,
          cycleDay: 1,
          activatedAt: ago(90),
          latestBill: 'paid',
          months: 2,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      document: '47395162',
      secret: '975310',
      firstName: 'Andrea',
      lastName: 'Vargas',
      email: 'andrea.vargas@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512765',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_30',
          simSerial: 14,
          balance: 0,
          cycleDay: cycleDayFor(today, 25),
          activatedAt: ago(280),
          latestBill: 'overdue',
          months: 6,
          targetPoints: 1100,
          bags: [{ offerId: 'BAG_1GB_7D', daysAgo: 50 }],
          tickets: [
            { category: 'billing', description: 'No me llegó el recibo de servicios por correo y ahora figura vencido.', status: 'submitted', daysAgo: 2 },
          ],
        },
      ],
      notifications: [
        {
          title: 'Servicio suspendido por falta de pago',
          body: `Tu línea fue suspendida porque tu ${bill} venció hace más de 5 días. Paga en línea para reactivarla.`,
          daysAgo: 1,
          read: false,
        },
        { title: `Tu ${bill} está vencido`, body: `Tu ${bill} venció. Evita la suspensión del servicio pagando hoy.`, daysAgo: 9, read: false },
        { title: `Tu ${bill} está disponible`, body: `Ya puedes ver y pagar tu ${bill} del mes en Mi Cuenta.`, daysAgo: 25, read: true },
      ],
    },
    {
      // a second line cut for an overdue bill, kept for the browser test that pays it (Andrea's line stays cut)
      document: '42681359',
      secret: '864201',
      firstName: 'Luis',
      lastName: 'Paredes',
      email: 'luis.paredes@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512766',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_30',
          simSerial: 15,
          balance: 0,
          cycleDay: cycleDayFor(today, 25),
          activatedAt: ago(300),
          latestBill: 'overdue',
          months: 4,
          targetPoints: 900,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser journeys that add a line or renew a phone, so no other test sees its cart or lines change
      document: '43218765',
      secret: '135790',
      firstName: 'Carmen',
      lastName: 'Salazar',
      email: 'carmen.salazar@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512763',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_30',
          simSerial: 13,
          balance: 0,
          cycleDay: cycleDayFor(today, 10),
          activatedAt: ago(400),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
        {
          // a phone bought under Blue 4 months ago: this line renews from month 12 (the renewal journey picks the other)
          phoneNumber: '934512781',
          kind: 'postpaid',
          planId: 'PO_PLAN_BLUE_120',
          simSerial: 20,
          balance: 0,
          // every bill since it was activated: its first, prorated from the activation day, is on the bills page
          cycleDay: cycleDayFor(today, 10),
          activatedAt: ago(150),
          latestBill: 'paid',
          months: 6,
          bags: [],
          phoneBoughtMonthsAgo: 4,
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser journey that buys, lists and cancels an order, so no other test shares its cart
      document: '46813579',
      secret: '864213',
      firstName: 'Andrés',
      lastName: 'Paredes',
      email: 'andres.paredes@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          // points enough for the accessory the journey buys with points (then gets back by cancelling)
          phoneNumber: '934512791',
          kind: 'prepaid',
          planId: null,
          simSerial: 30,
          balance: 2000,
          cycleDay: 1,
          activatedAt: ago(180),
          latestBill: 'paid',
          months: 3,
          bags: [],
          targetPoints: 150000,
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser journey that buys a phone with store pickup, so no other test empties its cart mid-journey
      document: '45792613',
      secret: '531864',
      firstName: 'Elena',
      lastName: 'Rojas',
      email: 'elena.rojas@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512792',
          kind: 'prepaid',
          planId: null,
          simSerial: 31,
          balance: 1000,
          cycleDay: 1,
          activatedAt: ago(200),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser test of the insurance offer on a product page, which empties its cart first
      document: '44820375',
      secret: '642097',
      firstName: 'Diego',
      lastName: 'Chávez',
      email: 'diego.chavez@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512793',
          kind: 'prepaid',
          planId: null,
          simSerial: 32,
          balance: 1000,
          cycleDay: 1,
          activatedAt: ago(220),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser test that buys a bag without JavaScript, so no other test sees its balance change
      document: '46203918',
      secret: '319752',
      firstName: 'Rosa',
      lastName: 'Huamán',
      email: 'rosa.huaman@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512795',
          kind: 'prepaid',
          planId: null,
          simSerial: 33,
          balance: 2000,
          cycleDay: 1,
          activatedAt: ago(210),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser test that buys a phone through /personas/producto/identificacion and agregar-seguro
      document: '47162839',
      secret: '826415',
      firstName: 'Elena',
      lastName: 'Paredes',
      email: 'elena.paredes@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512843',
          kind: 'prepaid',
          planId: null,
          simSerial: 40,
          balance: 1000,
          cycleDay: 1,
          activatedAt: ago(150),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser test of the claims about one's lines (/personas/reclamaciones/), so no other test sees its claims
      document: '47120386',
      secret: '582046',
      firstName: 'Elena',
      lastName: 'Quispe',
      email: 'elena.quispe@example.com',
      gender: 'F',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512841',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_30',
          simSerial: 41,
          balance: 0,
          cycleDay: cycleDayFor(today, 12),
          activatedAt: ago(500),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
        {
          phoneNumber: '934512842',
          kind: 'prepaid',
          planId: null,
          simSerial: 42,
          balance: 1500,
          cycleDay: 1,
          activatedAt: ago(200),
          latestBill: 'paid',
          months: 2,
          bags: [],
        },
      ],
      notifications: [],
    },
    {
      // kept for the browser journey that blocks the line after a theft, unblocks it and changes its SIM
      document: '43692581',
      secret: '582931',
      firstName: 'Jorge',
      lastName: 'Quispe',
      email: 'jorge.quispe@example.com',
      gender: 'M',
      portrait: null,
      lines: [
        {
          phoneNumber: '934512798',
          kind: 'postpaid',
          planId: 'PO_PLAN_LIBRE_30',
          simSerial: 34,
          balance: 0,
          cycleDay: cycleDayFor(today, 12),
          activatedAt: ago(500),
          latestBill: 'paid',
          months: 3,
          bags: [],
        },
      ],
      notifications: [],
    },
  ];
}
