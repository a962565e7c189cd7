import { useState } from 'react';
import { useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import type { Answer } from '@andes/contract/caller';

/** A commune (district), province or region of the real geography, as `/restpp/order/geo/*` lists it. */
export type Area = Answer<'GET /restpp/order/geo/regions'>['regions'][number];

async function areas(parent: string): Promise<Area[]> {
  if (!parent) return [];
  const body = await request({ url: `/restpp/order/geo/areas?parent=${encodeURIComponent(parent)}` });
  return (body?.areas as Area[] | undefined) ?? [];
}

/** One level of the address picker (region, province or commune), its error under it. */
export function GeoSelect({
  id,
  name,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  /** The field's name when the form posts without JavaScript. */
  name?: string;
  label: string;
  value: string;
  options: Area[];
  onChange: (v: string) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('checkout.choose')}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          * {t(error)}
        </p>
      )}
    </div>
  );
}

/** The pickers' starting point: the address chosen before (back from a later step) or posted, with its lists. */
export interface GeoStart {
  region: string;
  province: string;
  commune: string;
  provinces: Area[];
  communes: Area[];
}

/** Region → (province →) commune pickers over the real geography. */
export function useGeo(hasProvince: boolean, start?: GeoStart) {
  const [region, setRegion] = useState(start?.region ?? '');
  const [province, setProvince] = useState(start?.province ?? '');
  const [commune, setCommune] = useState(start?.commune ?? '');
  const [provinces, setProvinces] = useState<Area[]>(start?.provinces ?? []);
  const [communes, setCommunes] = useState<Area[]>(start?.communes ?? []);
  return {
    region,
    province,
    commune,
    provinces,
    communes,
    setCommune,
    async setRegion(code: string) {
      setRegion(code);
      setProvince('');
      setCommune('');
      const children = await areas(code);
      if (hasProvince) {
        setProvinces(children);
        setCommunes([]);
      } else setCommunes(children);
    },
    async setProvince(code: string) {
      setProvince(code);
      setCommune('');
      setCommunes(await areas(code));
    },
  };
}
