import { Box } from '@chakra-ui/react';
import { AiProviderSection } from './AiProviderSection.tsx';
import { EthicsSection } from './EthicsSection.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { FinalCallToAction } from './FinalCallToAction.tsx';
import { Hero } from './Hero.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { PricingSection, type PricingQueryRef } from './PricingSection.tsx';

export function LandingPage({ plans }: { plans: PricingQueryRef }) {
  return (
    <Box minHeight="100vh">
      <LandingHeader />
      <Box as="main">
        <Hero />
        <FeatureCards />
        <PricingSection queryRef={plans} />
        <AiProviderSection />
        <EthicsSection />
        <FinalCallToAction />
      </Box>
      <LandingFooter />
    </Box>
  );
}
