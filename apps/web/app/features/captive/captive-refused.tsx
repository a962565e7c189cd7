import { useT } from '../../lib/root-data.ts';

/** The Spanish page a request the network did not send gets (no line named, or not from its proxy). */
export function CaptiveRefused({ message }: { message: string }) {
  const t = useT();
  return (
    <section className="page narrow" aria-labelledby="captive-refused">
      <h1 id="captive-refused">{t('captive.refused.title')}</h1>
      <p role="alert" data-testid="captive-refused">
        {message || t('captive.error.unidentified')}
      </p>
    </section>
  );
}
