import { LegalText } from './LegalText.tsx';

export const Component = () => <LegalText page="privacy" />;
