import { useTranslation } from 'react-i18next';
import { Section } from './Section.tsx';
import { StartButtons } from './StartButtons.tsx';

export function FinalCallToAction() {
  const { t } = useTranslation();
  return (
    <Section id="cta" title={t('landing.cta.title')} subtitle={t('landing.cta.subtitle')}>
      <StartButtons justify="center" />
    </Section>
  );
}
