import type { Market } from '@andes/domain/market';
import type { Geography } from './geo.ts';

interface StoreDef {
  id: string;
  name: string;
  /** Chile: [region, commune]; Peru: [department, province, district] — resolved against the reference CSV. */
  place: string[];
  address: string;
  openingHours: string;
}

const MALL = 'Lun a Dom 10:00–21:00';
const STREET = 'Lun a Vie 09:00–19:00; Sáb 10:00–14:00';

const chile: StoreDef[] = [
  {
    id: 'TDA_CL_PROVIDENCIA',
    name: 'Tienda Providencia',
    place: ['Metropolitana de Santiago', 'Providencia'],
    address: 'Av. Providencia 2124, local 12',
    openingHours: STREET,
  },
  {
    id: 'TDA_CL_COSTANERA',
    name: 'Tienda Costanera Center',
    place: ['Metropolitana de Santiago', 'Providencia'],
    address: 'Av. Andrés Bello 2425, nivel 3, local 3120',
    openingHours: MALL,
  },
  {
    id: 'TDA_CL_LAS_CONDES',
    name: 'Tienda Parque Arauco',
    place: ['Metropolitana de Santiago', 'Las Condes'],
    address: 'Av. Presidente Kennedy 5413, local 245',
    openingHours: MALL,
  },
  {
    id: 'TDA_CL_SANTIAGO_CENTRO',
    name: 'Tienda Santiago Centro',
    place: ['Metropolitana de Santiago', 'Santiago'],
    address: 'Paseo Ahumada 312',
    openingHours: STREET,
  },
  {
    id: 'TDA_CL_MAIPU',
    name: 'Tienda Maipú',
    place: ['Metropolitana de Santiago', 'Maipú'],
    address: 'Av. Américo Vespucio 1501, local 118',
    openingHours: MALL,
  },
  {
    id: 'TDA_CL_LA_FLORIDA',
    name: 'Tienda Plaza Vespucio',
    place: ['Metropolitana de Santiago', 'La Florida'],
    address: 'Av. Vicuña Mackenna 7110, local 1040',
    openingHours: MALL,
  },
  {
    id: 'TDA_CL_PUENTE_ALTO',
    name: 'Tienda Puente Alto',
    place: ['Metropolitana de Santiago', 'Puente Alto'],
    address: 'Av. Concha y Toro 1477',
    openingHours: STREET,
  },
  { id: 'TDA_CL_NUNOA', name: 'Tienda Ñuñoa', place: ['Metropolitana de Santiago', 'Ñuñoa'], address: 'Av. Irarrázaval 3420', openingHours: STREET },
  { id: 'TDA_CL_VALPARAISO', name: 'Tienda Valparaíso', place: ['Valparaíso', 'Valparaíso'], address: 'Av. Pedro Montt 1890', openingHours: STREET },
  { id: 'TDA_CL_VINA', name: 'Tienda Viña del Mar', place: ['Valparaíso', 'Viña del Mar'], address: 'Av. Libertad 1348, local 22', openingHours: MALL },
  { id: 'TDA_CL_CONCEPCION', name: 'Tienda Concepción', place: ['Biobío', 'Concepción'], address: 'Barros Arana 780', openingHours: STREET },
  { id: 'TDA_CL_ANTOFAGASTA', name: 'Tienda Antofagasta', place: ['Antofagasta', 'Antofagasta'], address: 'Av. Balmaceda 2355, local 104', openingHours: MALL },
  { id: 'TDA_CL_TEMUCO', name: 'Tienda Temuco', place: ['La Araucanía', 'Temuco'], address: 'Av. Alemania 0671, local 210', openingHours: MALL },
  { id: 'TDA_CL_LA_SERENA', name: 'Tienda La Serena', place: ['Coquimbo', 'La Serena'], address: 'Av. Alberto Solari 1400, local 157', openingHours: MALL },
  {
    id: 'TDA_CL_RANCAGUA',
    name: 'Tienda Rancagua',
    place: ["Libertador General Bernardo O'Higgins", 'Rancagua'],
    address: 'Independencia 642',
    openingHours: STREET,
  },
  {
    id: 'TDA_CL_PUERTO_MONTT',
    name: 'Tienda Puerto Montt',
    place: ['Los Lagos', 'Puerto Montt'],
    address: 'Av. Diego Portales 1450, local 31',
    openingHours: MALL,
  },
];

const peru: StoreDef[] = [
  { id: 'TDA_PE_MIRAFLORES', name: 'Tienda Miraflores', place: ['Lima', 'Lima', 'Miraflores'], address: 'Av. José Larco 345', openingHours: STREET },
  {
    id: 'TDA_PE_LARCOMAR',
    name: 'Tienda Larcomar',
    place: ['Lima', 'Lima', 'Miraflores'],
    address: 'Malecón de la Reserva 610, local 204',
    openingHours: MALL,
  },
  { id: 'TDA_PE_SAN_ISIDRO', name: 'Tienda San Isidro', place: ['Lima', 'Lima', 'San Isidro'], address: 'Av. Javier Prado Este 488', openingHours: STREET },
  {
    id: 'TDA_PE_SURCO',
    name: 'Tienda Jockey Plaza',
    place: ['Lima', 'Lima', 'Santiago de Surco'],
    address: 'Av. Javier Prado Este 4200, local A-115',
    openingHours: MALL,
  },
  { id: 'TDA_PE_LA_MOLINA', name: 'Tienda La Molina', place: ['Lima', 'Lima', 'La Molina'], address: 'Av. La Molina 1150', openingHours: STREET },
  {
    id: 'TDA_PE_SAN_MIGUEL',
    name: 'Tienda Plaza San Miguel',
    place: ['Lima', 'Lima', 'San Miguel'],
    address: 'Av. La Marina 2000, local 148',
    openingHours: MALL,
  },
  {
    id: 'TDA_PE_LOS_OLIVOS',
    name: 'Tienda Plaza Norte',
    place: ['Lima', 'Lima', 'Independencia'],
    address: 'Av. Alfredo Mendiola 1400, local 230',
    openingHours: MALL,
  },
  {
    id: 'TDA_PE_SJL',
    name: 'Tienda San Juan de Lurigancho',
    place: ['Lima', 'Lima', 'San Juan de Lurigancho'],
    address: 'Av. Próceres de la Independencia 1632',
    openingHours: STREET,
  },
  {
    id: 'TDA_PE_CALLAO',
    name: 'Tienda Callao',
    place: ['Callao', 'Callao', 'Bellavista'],
    address: 'Av. Óscar R. Benavides 3866, local 112',
    openingHours: MALL,
  },
  { id: 'TDA_PE_AREQUIPA', name: 'Tienda Arequipa', place: ['Arequipa', 'Arequipa', 'Arequipa'], address: 'Calle Mercaderes 212', openingHours: STREET },
  {
    id: 'TDA_PE_YANAHUARA',
    name: 'Tienda Real Plaza Arequipa',
    place: ['Arequipa', 'Arequipa', 'Cayma'],
    address: 'Av. Ejército 1009, local 145',
    openingHours: MALL,
  },
  { id: 'TDA_PE_TRUJILLO', name: 'Tienda Trujillo', place: ['La Libertad', 'Trujillo', 'Trujillo'], address: 'Jr. Pizarro 540', openingHours: STREET },
  { id: 'TDA_PE_CUSCO', name: 'Tienda Cusco', place: ['Cusco', 'Cusco', 'Wanchaq'], address: 'Av. La Cultura 732', openingHours: STREET },
  { id: 'TDA_PE_PIURA', name: 'Tienda Piura', place: ['Piura', 'Piura', 'Piura'], address: 'Av. Sánchez Cerro 234, local 18', openingHours: MALL },
  { id: 'TDA_PE_CHICLAYO', name: 'Tienda Chiclayo', place: ['Lambayeque', 'Chiclayo', 'Chiclayo'], address: 'Av. Balta 1020', openingHours: STREET },
];

/** Store rows with region and commune (district) codes looked up in the reference data. */
export function storeRows(market: Market, geography: Geography) {
  return (market.site === 'cl' ? chile : peru).map((s) => {
    const { level1, level3 } = geography.findArea(s.place);
    return {
      id: s.id,
      name: s.name,
      regionCode: level1.code,
      communeCode: level3.code,
      address: s.address,
      openingHours: s.openingHours,
    };
  });
}
