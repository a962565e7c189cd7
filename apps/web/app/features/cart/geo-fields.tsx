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
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
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

/** Region → (province →) commune pickers over the real geography. */
export function useGeo(hasProvince: boolean) {
  const [region, setRegion] = useState('');
  const [province, setProvince] = useState('');
  const [commune, setCommune] = useState('');
  const [provinces, setProvinces] = useState<Area[]>([]);
  const [communes, setCommunes] = useState<Area[]>([]);
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
