/**
 * Demo sign-in credentials created by the seed, for the README and the start banner.
 * Chile signs in with RUT + 4-digit PIN; Peru with phone number (or DNI) + 6-digit password.
 */
export interface DemoAccount {
  login: string;
  alternateLogin?: string;
  /** null: the customer has no secret yet and creates it (Peru's unique password). */
  secret: string | null;
  name: string;
  description: string;
}

export const demoAccounts: Record<'cl' | 'pe', DemoAccount[]> = {
  cl: [
    {
      login: '12.345.678-5',
      secret: '1234',
      name: 'Camila Rojas',
      description: 'Postpago Plan Libre 80 GB (912345678) y línea Controlado (998877665); boleta del mes pendiente, 12.500 puntos, bolsas activas',
    },
    {
      login: '15.432.198-5',
      secret: '4321',
      name: 'Diego Muñoz',
      description: 'Prepago (987654321) con saldo $8.500, bolsas activas e historial de recargas',
    },
    {
      login: '20.961.605-K',
      secret: '5678',
      name: 'Valentina Soto',
      description: 'Postpago (976543210) con boleta vencida hace más de 5 días: línea cortada',
    },
    {
      login: '17.654.329-9',
      secret: '2580',
      name: 'Tomás Fuentes',
      description: 'Prepago (934512760); lo usan las pruebas de navegador que cambian la clave',
    },
    {
      login: '13.579.246-2',
      secret: '3690',
      name: 'Paula Herrera',
      description:
        'Postpago Plan Libre 30 GB (934512764) y Plan Blue 120 GB (934512780, equipo Blue comprado hace 4 meses: renueva desde el mes 12); lo usan las pruebas de navegador de líneas adicionales y renovación',
    },
    {
      login: '19.357.246-4',
      secret: '7531',
      name: 'Ignacio Vera',
      description: 'Postpago (934512767) con boleta vencida: línea cortada; lo usa la prueba de navegador que paga la boleta y reactiva la línea',
    },
    {
      login: '16.824.357-K',
      secret: '8024',
      name: 'Sofía Castro',
      description:
        'Prepago (934512790) con puntos para pagar una compra; lo usa la prueba de navegador que compra (con tarjeta y con puntos), ve y cancela un pedido',
    },
    {
      login: '18.246.935-1',
      secret: '9753',
      name: 'Martín Fuentes',
      description: 'Prepago (934512794) con saldo; lo usa la prueba de navegador que compra una bolsa sin JavaScript',
    },
    {
      login: '17.439.256-0',
      secret: '4826',
      name: 'Paula Vergara',
      description: 'Prepago (934512840); lo usa la prueba de navegador que compra un equipo pasando por /personas/producto/identificacion y agregar-seguro',
    },
    {
      login: '19.264.738-K',
      secret: null,
      name: 'Tomás Soto',
      description: 'Prepago (934512841) sin clave: la crea en /personas/creacion-clave con el código SMS',
    },
    {
      login: '15.836.947-8',
      secret: '3917',
      name: 'Tomás Riquelme',
      description: 'Postpago (934512870); lo usan las pruebas de navegador que suspenden la línea por un viaje, la reactivan y le cambian el número',
    },
    {
      login: '14.725.836-4',
      secret: '4826',
      name: 'Andrea Paredes',
      description: 'Postpago (934512798); lo usa la prueba de navegador que bloquea la línea tras un robo, la desbloquea y cambia el chip',
    },
    {
      login: '16.482.735-6',
      secret: '7391',
      name: 'Camila Reyes',
      description:
        'Prepago (934512886) con saldo y prepago (934512888); la prueba de navegador del portal cautivo compra una bolsa de roaming con la primera y pasa la segunda a plan',
    },
    {
      login: '22.400.001-4',
      secret: '4640',
      name: 'Marcela Pizarro',
      description:
        'Postpago (934640001) con equipo asegurado (Seguro Protección Total); lo usa la prueba de navegador que declara un siniestro y paga el deducible',
    },
    {
      login: '22.400.002-2',
      secret: '4641',
      name: 'Rodrigo Alarcón',
      description:
        'Postpago (934640002) y prepago (934640003) sin seguro de equipo; lo usa la prueba de navegador de la Línea Smart (su número en un smartwatch)',
    },
    {
      login: '22.300.001-0',
      secret: '6241',
      name: 'Ignacio Fuentes',
      description: 'Postpago (934630001) y Controlado (934630002); lo usa la prueba de navegador que sube de plan y ve la próxima boleta proporcional',
    },
    {
      login: '22.300.002-9',
      secret: '5183',
      name: 'Valentina Muñoz',
      description: 'Postpago (934630003) con un equipo en cuotas; lo usa la prueba de navegador que paga cuotas por adelantado con tarjeta',
    },
    {
      login: '22.500.001-8',
      secret: '5291',
      name: 'Inés Carrasco',
      description: 'Postpago (934650001); lo usan las pruebas de navegador de las compras con sesión iniciada (equipo y plan, con y sin JavaScript)',
    },
    {
      login: '22.500.002-6',
      secret: '6302',
      name: 'Rocío Fuentes',
      description: 'Postpago (934650002); lo usa el proyecto de navegador lento (CPU y red) de las compras',
    },
    {
      login: '22.500.003-4',
      secret: '7413',
      name: 'Elena Vergara',
      description: 'Postpago (934650003); lo usa la prueba de navegador que compra un equipo Blue en cuotas',
    },
  ],
  pe: [
    {
      login: '987654321',
      alternateLogin: '45678912',
      secret: '123456',
      name: 'Lucía Quispe',
      description: 'Postpago Plan Libre 40 GB (987654321) y línea Controlado (943215678); recibo del mes pendiente, bolsas activas, tickets',
    },
    {
      login: '912345678',
      alternateLogin: '70123456',
      secret: '654321',
      name: 'Jorge Huamán',
      description: 'Prepago (912345678) con saldo S/ 15.50 e historial de recargas',
    },
    {
      login: '934512765',
      alternateLogin: '47395162',
      secret: '975310',
      name: 'Andrea Vargas',
      description: 'Postpago (934512765) con recibo vencido hace más de 5 días: línea cortada',
    },
    {
      login: '934512761',
      alternateLogin: '48261537',
      secret: '246813',
      name: 'Rosa Mamani',
      description: 'Prepago (934512761); lo usan las pruebas de navegador que cambian la contraseña',
    },
    {
      login: '934512762',
      alternateLogin: '41357926',
      secret: null,
      name: 'Martín Flores',
      description: 'Prepago (934512762) sin contraseña: la crea en /personas/creacion-clave con el código SMS',
    },
    {
      login: '934512763',
      alternateLogin: '43218765',
      secret: '135790',
      name: 'Carmen Salazar',
      description:
        'Postpago Plan Libre 30 GB (934512763) y Plan Blue 120 GB (934512781, equipo Blue comprado hace 4 meses: renueva desde el mes 12); lo usan las pruebas de navegador de líneas adicionales y renovación',
    },
    {
      login: '934512766',
      alternateLogin: '42681359',
      secret: '864201',
      name: 'Luis Paredes',
      description: 'Postpago (934512766) con recibo vencido: línea cortada; lo usa la prueba de navegador que paga el recibo y reactiva la línea',
    },
    {
      login: '934512791',
      alternateLogin: '46813579',
      secret: '864213',
      name: 'Andrés Paredes',
      description:
        'Prepago (934512791) con puntos para pagar una compra; lo usa la prueba de navegador que compra (con tarjeta y con puntos), ve y cancela un pedido',
    },
    {
      login: '934512792',
      alternateLogin: '45792613',
      secret: '531864',
      name: 'Elena Rojas',
      description: 'Prepago (934512792); lo usa la prueba de navegador que compra un equipo con retiro en tienda',
    },
    {
      login: '934512793',
      alternateLogin: '44820375',
      secret: '642097',
      name: 'Diego Chávez',
      description: 'Prepago (934512793); lo usa la prueba de navegador de la oferta de seguros en la página de un equipo',
    },
    {
      login: '934512795',
      alternateLogin: '46203918',
      secret: '319752',
      name: 'Rosa Huamán',
      description: 'Prepago (934512795) con saldo; lo usa la prueba de navegador que compra una bolsa sin JavaScript',
    },
    {
      login: '934512843',
      alternateLogin: '47162839',
      secret: '826415',
      name: 'Elena Paredes',
      description: 'Prepago (934512843); lo usa la prueba de navegador que compra un equipo pasando por /personas/producto/identificacion y agregar-seguro',
    },
    {
      login: '934512841',
      alternateLogin: '47120386',
      secret: '582046',
      name: 'Elena Quispe',
      description: 'Postpago (934512841) y prepago (934512842) con un reclamo ya respondido; lo usa la prueba de navegador de los reclamos sobre sus líneas',
    },
    {
      login: '934512870',
      alternateLogin: '44813572',
      secret: '715284',
      name: 'Rosa Huamán',
      description: 'Postpago (934512870); lo usan las pruebas de navegador que suspenden la línea por un viaje, la reactivan y le cambian el número',
    },
    {
      login: '934512798',
      alternateLogin: '43692581',
      secret: '582931',
      name: 'Jorge Quispe',
      description: 'Postpago (934512798); lo usa la prueba de navegador que bloquea la línea tras un robo, la desbloquea y cambia el chip',
    },
    {
      login: '934512887',
      alternateLogin: '48573926',
      secret: '639174',
      name: 'Rocío Mamani',
      description:
        'Prepago (934512887) con saldo y prepago (934512889); la prueba de navegador del portal cautivo compra una bolsa de roaming con la primera y pasa la segunda a plan',
    },
    {
      login: '934640011',
      alternateLogin: '46400011',
      secret: '464011',
      name: 'Carmen Vargas',
      description:
        'Postpago (934640011) con equipo asegurado (Seguro Protección Total); lo usa la prueba de navegador que declara un siniestro y paga el deducible',
    },
    {
      login: '934640012',
      alternateLogin: '46400012',
      secret: '464012',
      name: 'Luis Ramos',
      description:
        'Postpago (934640012) y prepago (934640013) sin seguro de equipo; lo usa la prueba de navegador de la Línea Smart (su número en un smartwatch)',
    },
    {
      login: '934630001',
      alternateLogin: '46300001',
      secret: '418263',
      name: 'Luis Mendoza',
      description: 'Postpago (934630001) y Controlado (934630002); lo usa la prueba de navegador que sube de plan y ve el próximo recibo proporcional',
    },
    {
      login: '934630003',
      alternateLogin: '46300002',
      secret: '529374',
      name: 'Carmen Torres',
      description: 'Postpago (934630003) con un equipo en cuotas; lo usa la prueba de navegador que paga cuotas por adelantado con tarjeta',
    },
    {
      login: '934650011',
      alternateLogin: '46500001',
      secret: '529163',
      name: 'Inés Huamán',
      description: 'Postpago (934650011); lo usan las pruebas de navegador de las compras con sesión iniciada (equipo y plan, con y sin JavaScript)',
    },
    {
      login: '934650012',
      alternateLogin: '46500002',
      secret: '630274',
      name: 'Rocío Mamani',
      description: 'Postpago (934650012); lo usa el proyecto de navegador lento (CPU y red) de las compras',
    },
    {
      login: '934650013',
      alternateLogin: '46500003',
      secret: '741385',
      name: 'Elena Quispe',
      description: 'Postpago (934650013); lo usa la prueba de navegador que compra un equipo Blue en cuotas',
    },
  ],
};
