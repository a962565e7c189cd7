import { useState } from 'react';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import type { Answer } from '@andes/contract/caller';

export type Area = Answer<'GET /restpp/order/geo/regions'>['regions'][number];

export interface AreaValue {
  region: string;
  province: string;
  commune: string;
  communeName: string;
}

async function childrenOf(parent: string): Promise<Area[]> {
  if (!parent) return [];
  const body = await request({ url: `/restpp/order/geo/areas?parent=${encodeURIComponent(parent)}` });
  return (body?.areas as Area[] | undefined) ?? [];
}

function AreaSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Area[]; onChange: (code: string) => void }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('checkout.choose')}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Region → (province, where the market has one →) commune pickers over the real geography. */
export function AreaPicker({ regions, onChange }: { regions: Area[]; onChange: (value: AreaValue | null) => void }) {
  const t = useT();
  const market = useMarket();
  const hasProvince = market.geography.level2 !== null;
  const [region, setRegion] = useState('');
  const [province, setProvince] = useState('');
  const [commune, setCommune] = useState('');
  const [provinces, setProvinces] = useState<Area[]>([]);
  const [communes, setCommunes] = useState<Area[]>([]);

  const pickRegion = async (code: string) => {
    setRegion(code);
    setProvince('');
    setCommune('');
    onChange(null);
    const children = await childrenOf(code);
    if (hasProvince) {
      setProvinces(children);
      setCommunes([]);
    } else setCommunes(children);
  };
  const pickProvince = async (code: string) => {
    setProvince(code);
    setCommune('');
    onChange(null);
    setCommunes(await childrenOf(code));
  };
  const pickCommune = (code: string) => {
    setCommune(code);
    const area = communes.find((c) => c.code === code);
    onChange(area ? { region, province, commune: code, communeName: area.name } : null);
  };

  return (
    <>
      <AreaSelect id="plans-region" label={t('checkout.field.region')} value={region} options={regions} onChange={(v) => void pickRegion(v)} />
      {hasProvince && (
        <AreaSelect id="plans-province" label={t('checkout.field.province')} value={province} options={provinces} onChange={(v) => void pickProvince(v)} />
      )}
      <AreaSelect id="plans-commune" label={t('checkout.field.commune')} value={commune} options={communes} onChange={pickCommune} />
    </>
  );
}
